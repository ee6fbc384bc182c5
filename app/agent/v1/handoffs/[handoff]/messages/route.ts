import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { postStaffMessageEndpoint } from '@/server/agent/http/endpoints/handoffs';
import { postStaffMessage } from '@/server/agent/handoffs/work-handoffs';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  POST: agentRoute(postStaffMessageEndpoint, ({ caller, params, body }) => postStaffMessage(caller, params.handoff, body)),
});
