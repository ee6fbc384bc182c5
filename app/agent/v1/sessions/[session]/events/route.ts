import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { sessionEventsEndpoint } from '@/server/agent/http/endpoints/runs';
import { resumePoint, streamSessionEvents } from '@/server/agent/runs/session-messages';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(sessionEventsEndpoint, ({ caller, params, query, request, requestId, language }) =>
    streamSessionEvents(caller.projectId, params.session, resumePoint(request, query.after), { request, requestId, language }),
  ),
});
