import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { runEventsEndpoint } from '@/server/agent/http/endpoints/runs';
import { resumePoint, streamRunEvents } from '@/server/agent/runs/session-messages';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(runEventsEndpoint, ({ caller, params, query, request, requestId, language }) =>
    streamRunEvents(caller.projectId, params.run, resumePoint(request, query.after), { request, requestId, language }),
  ),
});
