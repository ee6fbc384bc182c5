import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { deleteEndUserEndpoint, getEndUserEndpoint, updateEndUserEndpoint } from '@/server/agent/http/endpoints/end-users';
import { deleteEndUser, getEndUser, updateEndUser } from '@/server/agent/end-users/manage-end-users';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(getEndUserEndpoint, ({ caller, params }) => getEndUser(caller.projectId, params.end_user)),
  PATCH: agentRoute(updateEndUserEndpoint, ({ caller, params, body }) => updateEndUser(caller.projectId, params.end_user, body)),
  DELETE: agentRoute(deleteEndUserEndpoint, ({ caller, params }) => deleteEndUser(caller.projectId, params.end_user)),
});
