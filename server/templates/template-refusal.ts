import { healthProblemOf, markNeedsAttention } from '@/server/accounts/account-health';
import { notifyCallerChange } from '@/server/api-keys/notify-caller-change';
import { ApiError } from '@/server/errors/api-error';
import { getPgPool } from '@/server/db/pg';
import { PlatformError } from '@/server/platform/client';

/** The platform's subcodes for a name already taken in that language, or still being deleted. */
const NAME_TAKEN_SUBCODES = new Set([2388024, 2388023]);

/**
 * A platform refusal of a template call in the API's words: a name taken is `template_exists`,
 * a refused token or permission moves the number to needs_attention and says so, a transient
 * failure is `upstream_failure`, anything else is `template_refused` with the platform's reason.
 */
export async function templateRefusalOf(error: unknown, accountId: string): Promise<unknown> {
  if (!(error instanceof PlatformError)) return error;
  const words = error.userMessage ?? error.details ?? error.message;
  if (error.subcode !== undefined && NAME_TAKEN_SUBCODES.has(error.subcode)) {
    return new ApiError('template_exists', `The platform refused the name: ${words}`, { param: 'name' });
  }
  const health = healthProblemOf(error.code);
  if (health) {
    await markNeedsAttention(getPgPool(), accountId, health);
    await notifyCallerChange();
    return new ApiError(
      'template_refused',
      `The platform refused the business's access token (${health}): the number needs attention. Reconnect it in Settings, then try again.`,
    );
  }
  if (error.retryable) return new ApiError('upstream_failure', `The platform could not take the template now: ${error.message}. Try again.`);
  return new ApiError('template_refused', `The platform refused the template: ${words}`);
}
