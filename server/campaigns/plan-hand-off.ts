import type { SendMode } from '@/server/db';
import { windowOpen } from '@/server/messages/send-message';

export interface PendingRecipient {
  id: string;
  phone_number: string;
  parameters: Record<string, string>;
  contact_id: string | null;
  opted_out_marketing: boolean | null;
  last_inbound_at: Date | null;
}

export const SKIP_OPTED_OUT = 'Opted out of marketing messages; the template is MARKETING.';
export const SKIP_BEYOND_ALLOWANCE = "Beyond today's messaging-limit allowance (send mode today_only).";

/**
 * Decides, in order, what happens to each pending recipient of a chunk: opted-out people on a
 * MARKETING template are skipped; people whose 24-hour window is open cost no allowance; the
 * others take one unit each while it lasts. Past it, `today_only` skips them and `spread`
 * leaves them pending for a later day (`waiting`).
 */
export function planHandOff(recipients: PendingRecipient[], options: { marketing: boolean; sendMode: SendMode; remaining: number; now: Date }) {
  let remaining = options.remaining;
  const send: PendingRecipient[] = [];
  const skip: Array<{ id: string; reason: string }> = [];
  let waiting = 0;
  for (const recipient of recipients) {
    if (options.marketing && recipient.opted_out_marketing) {
      skip.push({ id: recipient.id, reason: SKIP_OPTED_OUT });
    } else if (windowOpen(recipient.last_inbound_at, options.now.getTime())) {
      send.push(recipient);
    } else if (remaining > 0) {
      remaining -= 1;
      send.push(recipient);
    } else if (options.sendMode === 'today_only') {
      skip.push({ id: recipient.id, reason: SKIP_BEYOND_ALLOWANCE });
    } else {
      waiting += 1;
    }
  }
  return { send, skip, waiting };
}
