import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { resolveHandoffEndpoint } from '@/server/agent/http/endpoints/handoffs';
import { resolveHandoff } from '@/server/agent/handoffs/work-handoffs';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  POST: agentRoute(resolveHandoffEndpoint, ({ caller, params, body }) => resolveHandoff(caller, params.session, body)),
});
