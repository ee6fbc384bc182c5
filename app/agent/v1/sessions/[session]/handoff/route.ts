import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { openHandoffEndpoint } from '@/server/agent/http/endpoints/handoffs';
import { openHandoffByApi } from '@/server/agent/handoffs/work-handoffs';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  POST: agentRoute(openHandoffEndpoint, ({ caller, params, body }) => openHandoffByApi(caller, params.session, body)),
});
