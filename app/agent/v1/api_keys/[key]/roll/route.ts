import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { rollAgentKeyEndpoint } from '@/server/agent/http/endpoints/api-keys';
import { rollAgentKey } from '@/server/agent/keys/manage-agent-keys';

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = agentMethods({
  POST: agentRoute(rollAgentKeyEndpoint, ({ caller, params }) => rollAgentKey(caller, params.key)),
});
