import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { getSessionEndpoint, updateSessionEndpoint } from '@/server/agent/http/endpoints/sessions';
import { getSession, updateSession } from '@/server/agent/sessions/manage-sessions';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(getSessionEndpoint, ({ caller, params }) => getSession(caller.projectId, params.session)),
  PATCH: agentRoute(updateSessionEndpoint, ({ caller, params, body }) => updateSession(caller.projectId, params.session, body)),
});
