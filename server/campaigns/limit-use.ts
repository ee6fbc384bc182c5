import { windowOpen } from '@/server/messages/send-message';

/** How one recipient stands against the portfolio's messaging limit when a campaign reaches it. */
export type LimitUse = 'opted_out' | 'window_open' | 'within_limit' | 'beyond_limit';

export interface LimitSubject {
  opted_out_marketing: boolean | null;
  last_inbound_at: Date | null;
}

/**
 * Decides, in order, which recipients use the messaging limit and how many of them it lets
 * through now: opted-out people on a MARKETING template are not sent at all; people whose
 * 24-hour window is open cost no allowance; the others take one unit each while `remaining`
 * lasts and are beyond it after. The dispatcher hands off by it and the builder's estimate
 * counts by it, so the two cannot disagree.
 */
export function decideLimitUse(recipients: LimitSubject[], options: { marketing: boolean; remaining: number; now: Date }): LimitUse[] {
  let remaining = options.remaining;
  return recipients.map((recipient) => {
    if (options.marketing && recipient.opted_out_marketing) return 'opted_out';
    if (windowOpen(recipient.last_inbound_at, options.now.getTime())) return 'window_open';
    if (remaining <= 0) return 'beyond_limit';
    remaining -= 1;
    return 'within_limit';
  });
}
