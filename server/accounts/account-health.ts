import { notifyCallerChange } from '@/server/api-keys/notify-caller-change';
import { getPgPool } from '@/server/db/pg';
import type { Sql } from '@/server/db/sql';
import { PlatformError } from '@/server/platform/platform-error';

/** Why a number needs attention (docs/going-live.md, "Number health"). */
export const accountStatusReasons = [
  'token_invalid',
  'permission_missing',
  'not_registered',
  'quality_red',
  'restricted',
  'webhooks_silent',
] as const;
export type AccountStatusReason = (typeof accountStatusReasons)[number];

/** Problems of the business's token, which all of its numbers share. */
const portfolioWide = new Set<AccountStatusReason>(['token_invalid', 'permission_missing']);

/**
 * The health problem a platform refusal shows, if it is the account's and not the message's:
 * 0 and 190 (AuthException, token invalid or expired), 10 and 200–299 (permission missing or
 * no access to the asset), 368 (restricted for policy), 133010 (number not registered).
 */
export function healthProblemOf(code: number): AccountStatusReason | null {
  if (code === 0 || code === 190) return 'token_invalid';
  if (code === 10 || (code >= 200 && code <= 299)) return 'permission_missing';
  if (code === 368) return 'restricted';
  if (code === 133010) return 'not_registered';
  return null;
}

/**
 * Moves a connected number to `needs_attention` with the reason, in the caller's transaction; a
 * token problem moves every connected number of its business. A disconnected number stays so,
 * and one already needing attention keeps its first reason until it is reconnected.
 */
export async function markNeedsAttention(sql: Sql, accountId: string, reason: AccountStatusReason): Promise<void> {
  const which = portfolioWide.has(reason) ? 'portfolio_id = (SELECT portfolio_id FROM accounts WHERE id = $1)' : 'id = $1';
  await sql.query({
    text: `UPDATE accounts SET status = 'needs_attention', status_reason = $2, status_changed_at = now(), updated_at = now()
           WHERE ${which} AND status = 'connected'`,
    values: [accountId, reason],
  });
}

/**
 * Runs a call to the platform for the account. A refusal that shows the number needs attention
 * (a dead token, a missing permission…) marks it so and gives null: trying again cannot help
 * until someone reconnects it. Any other failure is the caller's to handle.
 */
export async function healthChecked<T>(accountId: string, call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    const reason = error instanceof PlatformError ? healthProblemOf(error.code) : null;
    if (!reason) throw error;
    await markNeedsAttention(getPgPool(), accountId, reason);
    await notifyCallerChange(); // /v1/me shows each number's status
    return null;
  }
}
