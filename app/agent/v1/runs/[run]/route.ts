import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { getRunEndpoint } from '@/server/agent/http/endpoints/runs';
import { getRun } from '@/server/agent/runs/session-messages';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(getRunEndpoint, ({ caller, params }) => getRun(caller.projectId, params.run)),
});
