import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentReply, agentRoute } from '@/server/agent/http/agent-route';
import { createEndUserEndpoint, listEndUsersEndpoint } from '@/server/agent/http/endpoints/end-users';
import { externalIdWarning } from '@/server/agent/end-users/external-id';
import { getOrCreateEndUser, listEndUsers } from '@/server/agent/end-users/manage-end-users';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(listEndUsersEndpoint, ({ caller, query }) => listEndUsers(caller.projectId, query)),
  POST: agentRoute(createEndUserEndpoint, async ({ caller, body, warn }) => {
    const { endUser, created, ignored } = await getOrCreateEndUser(caller.projectId, body);
    const looksPersonal = externalIdWarning(body.external_id);
    if (looksPersonal) warn(looksPersonal, '/external_id');
    if (ignored) warn('create_params_ignored');
    return agentReply(endUser, { status: created ? 201 : 200 });
  }),
});
