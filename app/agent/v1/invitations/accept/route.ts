import { sessionSetCookie } from '@/server/auth/session-cookie';
import { AgentError } from '@/server/errors/agent-error';
import { acceptInvite, readInvitation } from '@/server/orgs/accept-invite';
import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentReply, agentRoute } from '@/server/agent/http/agent-route';
import { acceptInvitationEndpoint } from '@/server/agent/http/endpoints/identity';
import { presentIdentity } from '@/server/agent/identity/present-identity';

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = agentMethods({
  POST: agentRoute(acceptInvitationEndpoint, async ({ body }) => {
    const { token, name, password } = body;
    // The link's own refusals come first: a used link says so even when the body lacks a password.
    if (password === undefined) {
      await readInvitation(token);
      throw new AgentError('validation_failed', { param: '/password', details: { detail: 'choose a password to accept the invitation.' } });
    }
    const user = await acceptInvite(token, { password, name });
    return agentReply(await presentIdentity(user), { headers: { 'Set-Cookie': await sessionSetCookie(user) } });
  }),
});
