import { sessionSetCookie } from '@/server/auth/session-cookie';
import { config } from '@/server/config';
import { AgentError } from '@/server/errors/agent-error';
import { signUpThrottled } from '@/server/agent/identity/sign-up-throttled';
import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentReply, agentRoute } from '@/server/agent/http/agent-route';
import { signUpEndpoint } from '@/server/agent/http/endpoints/identity';
import { presentIdentity } from '@/server/agent/identity/present-identity';

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = agentMethods({
  POST: agentRoute(signUpEndpoint, async ({ body, address }) => {
    if (!config.SIGNUP_OPEN) throw new AgentError('signup_closed');
    const user = await signUpThrottled({
      email: body.email,
      password: body.password,
      name: body.name,
      organizationName: body.organization_name,
      address,
    });
    return agentReply(await presentIdentity(user), { headers: { 'Set-Cookie': await sessionSetCookie(user) } });
  }),
});
