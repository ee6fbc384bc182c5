import { sessionSetCookie } from '@/server/auth/session-cookie';
import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentReply, agentRoute } from '@/server/agent/http/agent-route';
import { logInEndpoint } from '@/server/agent/http/endpoints/identity';
import { logIn } from '@/server/agent/identity/log-in';
import { presentIdentity } from '@/server/agent/identity/present-identity';

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = agentMethods({
  POST: agentRoute(logInEndpoint, async ({ body, address }) => {
    const user = await logIn(body.email, body.password, address);
    return agentReply(await presentIdentity(user), { headers: { 'Set-Cookie': await sessionSetCookie(user) } });
  }),
});
