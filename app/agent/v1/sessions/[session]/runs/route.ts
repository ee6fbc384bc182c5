import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { listSessionRunsEndpoint } from '@/server/agent/http/endpoints/runs';
import { listSessionRuns } from '@/server/agent/runs/session-messages';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(listSessionRunsEndpoint, ({ caller, params, query }) => listSessionRuns(caller.projectId, params.session, query)),
});
