import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentReply, agentRoute } from '@/server/agent/http/agent-route';
import { createClientTokenEndpoint } from '@/server/agent/http/endpoints/widget';
import { externalIdWarning } from '@/server/agent/end-users/external-id';
import { mintServerClientToken } from '@/server/agent/widget/client-tokens';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  POST: agentRoute(createClientTokenEndpoint, async ({ caller, body, warn }) => {
    const token = await mintServerClientToken(caller.projectId, body);
    const looksPersonal = externalIdWarning(body.end_user.external_id);
    if (looksPersonal) warn(looksPersonal, '/end_user/external_id');
    return agentReply(token, { status: 201 });
  }),
});
