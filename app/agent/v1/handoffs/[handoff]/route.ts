import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { getHandoffEndpoint } from '@/server/agent/http/endpoints/handoffs';
import { getHandoff } from '@/server/agent/handoffs/work-handoffs';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(getHandoffEndpoint, ({ caller, params }) => getHandoff(caller.projectId, params.handoff)),
});
