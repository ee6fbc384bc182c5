import { AgentError } from '@/server/errors/agent-error';
import { signUp } from '@/server/orgs/sign-up';
import { SignUpThrottledError, SignUpUnavailableError } from '@/server/orgs/sign-up-limit';

/** The agent API's sign-up: the dashboard's own, its address limit answered as `rate_limited` with Retry-After. */
export async function signUpThrottled(options: Parameters<typeof signUp>[0]) {
  try {
    return await signUp(options);
  } catch (error) {
    if (error instanceof SignUpThrottledError) {
      throw new AgentError('rate_limited', { details: { seconds: error.retryAfterS }, headers: { 'Retry-After': String(error.retryAfterS) } });
    }
    if (error instanceof SignUpUnavailableError) throw new AgentError('service_unavailable');
    throw error;
  }
}
