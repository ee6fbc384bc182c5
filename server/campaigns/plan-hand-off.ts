import type { SendMode } from '@/server/db';
import { decideLimitUse, type LimitSubject } from './limit-use';
import { SKIP_BEYOND_ALLOWANCE, SKIP_OPTED_OUT } from './skip-reasons';

export interface PendingRecipient extends LimitSubject {
  id: string;
  phone_number: string;
  parameters: Record<string, string>;
  contact_id: string | null;
}

export { SKIP_BEYOND_ALLOWANCE, SKIP_OPTED_OUT };

/**
 * What happens to each pending recipient of a chunk, by `decideLimitUse`: opted-out people are
 * skipped; the ones it lets through are sent; past the allowance, `today_only` skips them and
 * `spread` leaves them pending for a later day (`waiting`).
 */
export function planHandOff(recipients: PendingRecipient[], options: { marketing: boolean; sendMode: SendMode; remaining: number; now: Date }) {
  const uses = decideLimitUse(recipients, options);
  const send: PendingRecipient[] = [];
  const skip: Array<{ id: string; reason: string }> = [];
  let waiting = 0;
  recipients.forEach((recipient, index) => {
    const use = uses[index];
    if (use === 'opted_out') skip.push({ id: recipient.id, reason: SKIP_OPTED_OUT });
    else if (use !== 'beyond_limit') send.push(recipient);
    else if (options.sendMode === 'today_only') skip.push({ id: recipient.id, reason: SKIP_BEYOND_ALLOWANCE });
    else waiting += 1;
  });
  return { send, skip, waiting };
}
