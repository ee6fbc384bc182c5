import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { listHandoffsEndpoint } from '@/server/agent/http/endpoints/handoffs';
import { listHandoffs } from '@/server/agent/handoffs/work-handoffs';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(listHandoffsEndpoint, ({ caller, query }) => listHandoffs(caller.projectId, query)),
});
