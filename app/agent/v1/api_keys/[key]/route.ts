import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { revokeAgentKeyEndpoint } from '@/server/agent/http/endpoints/api-keys';
import { revokeAgentKey } from '@/server/agent/keys/manage-agent-keys';

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = agentMethods({
  DELETE: agentRoute(revokeAgentKeyEndpoint, ({ caller, params }) => revokeAgentKey(caller, params.key)),
});
