import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { inviteEndpoint } from '@/server/agent/http/endpoints/organization';
import { createInvitation } from '@/server/agent/organization/invite';

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = agentMethods({
  POST: agentRoute(inviteEndpoint, ({ caller, body }) => createInvitation(caller, body.email, body.role)),
});
