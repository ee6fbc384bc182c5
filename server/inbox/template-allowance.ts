import { notFound } from '@/server/errors/api-error';
import { alreadyCounted, readAllowance } from '@/server/campaigns/messaging-allowance';
import { db } from '@/server/db';
import { windowOpen } from '@/server/messages/send-message';

/**
 * Before an agent sends a template: whether it starts a business-initiated conversation that
 * the portfolio's daily messaging limit counts, and whether today's limit has room for it, so
 * the composer can say so before sending rather than after the platform refuses.
 */
export async function templateAllowance(orgId: string, contactId: string, now = new Date()) {
  const contact = await db.contact.findFirst({
    where: { id: contactId, orgId },
    select: { id: true, lastInboundAt: true, account: { select: { portfolio: { select: { id: true, messagingLimit: true } } } } },
  });
  if (!contact) throw notFound('conversation');
  const portfolio = contact.account?.portfolio;
  const free = { countsAgainstLimit: false, limitReached: false, freesAt: null, remaining: null, limit: null };
  if (windowOpen(contact.lastInboundAt, now.getTime()) || !portfolio) return free;
  if (await alreadyCounted(db, portfolio.id, contact.id, now)) return free;
  const allowance = await readAllowance(db, portfolio.id, portfolio.messagingLimit, now);
  const reached = allowance.remaining < 1;
  return {
    countsAgainstLimit: true,
    limitReached: reached,
    /** When a place frees up, while the limit is reached. */
    freesAt: reached ? allowance.freesAt : null,
    /** People the portfolio may still newly contact today; null when unlimited. */
    remaining: Number.isFinite(allowance.remaining) ? allowance.remaining : null,
    limit: Number.isFinite(allowance.limit) ? allowance.limit : null,
  };
}
