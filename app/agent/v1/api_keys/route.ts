import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { createAgentKeyEndpoint, listAgentKeysEndpoint } from '@/server/agent/http/endpoints/api-keys';
import { createAgentKey, listAgentKeys } from '@/server/agent/keys/manage-agent-keys';

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = agentMethods({
  GET: agentRoute(listAgentKeysEndpoint, ({ caller, query }) => listAgentKeys(caller, query)),
  POST: agentRoute(createAgentKeyEndpoint, ({ caller, body }) => createAgentKey(caller, body)),
});
