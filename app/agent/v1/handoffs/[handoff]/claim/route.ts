import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { claimHandoffEndpoint } from '@/server/agent/http/endpoints/handoffs';
import { claimHandoff } from '@/server/agent/handoffs/work-handoffs';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  POST: agentRoute(claimHandoffEndpoint, ({ caller, params, body }) => claimHandoff(caller, params.handoff, body)),
});
