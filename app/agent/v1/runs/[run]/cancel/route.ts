import { ownerOf } from '@/server/agent/access/agent-caller';
import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { cancelRunEndpoint } from '@/server/agent/http/endpoints/runs';
import { cancelRun } from '@/server/agent/runs/end-run';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  POST: agentRoute(cancelRunEndpoint, ({ caller, params }) => cancelRun(caller.projectId, params.run, ownerOf(caller))),
});
