import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { getOwnEndUserEndpoint } from '@/server/agent/http/endpoints/widget';
import { getEndUser } from '@/server/agent/end-users/manage-end-users';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  // A client token's own end user; for a secret key or the dashboard, `me` is an external_id like any other.
  GET: agentRoute(getOwnEndUserEndpoint, ({ caller }) => getEndUser(caller.projectId, caller.kind === 'client_token' ? caller.endUserId : 'me')),
});
