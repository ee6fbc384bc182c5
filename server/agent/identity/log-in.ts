import { limitSignInFailures, SignInThrottledError, SignInUnavailableError } from '@/server/auth/sign-in-throttle';
import { verifyCredentials, type AuthenticatedUser } from '@/server/auth/verify-credentials';
import { AgentError } from '@/server/errors/agent-error';

/**
 * The agent API's login: the dashboard's own check (verifyCredentials) under the dashboard's
 * own throttle (5 failures per email and address in 15 minutes, failing closed without
 * Redis), so both doors count the same attempts.
 */
export async function logIn(email: string, password: string, address: string): Promise<AuthenticatedUser> {
  let user: AuthenticatedUser | null;
  try {
    user = await limitSignInFailures(email, address, () => verifyCredentials(email, password));
  } catch (error) {
    if (error instanceof SignInThrottledError) {
      throw new AgentError('rate_limited', { details: { seconds: error.retryAfterS }, headers: { 'Retry-After': String(error.retryAfterS) } });
    }
    if (error instanceof SignInUnavailableError) throw new AgentError('service_unavailable');
    throw error;
  }
  if (!user) throw new AgentError('invalid_credentials');
  return user;
}
