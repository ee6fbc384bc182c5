import { Prisma, type Db, type DbTx } from '@/server/db';

/** The platform's lowest tier: what a portfolio whose limit is not synced yet (0) may use. */
export const LOWEST_TIER_LIMIT = 250;
const DAY_MS = 24 * 3600_000;

export interface Allowance {
  /** People that may still be newly contacted now; Infinity for an unlimited portfolio. */
  remaining: number;
  limit: number;
  used: number;
  /** When the earliest counted person leaves the moving 24 hours (null when nobody counts). */
  freesAt: Date | null;
}

export function effectiveLimit(messagingLimit: number): number {
  if (messagingLimit < 0) return Infinity;
  return messagingLimit === 0 ? LOWEST_TIER_LIMIT : messagingLimit;
}

/**
 * The portfolio's messaging-limit allowance at `now`: its limit minus the distinct people its
 * numbers sent a business-initiated message to (no inbound from them in the 24 hours before it)
 * in the moving last 24 hours. Failed messages did not reach anyone and are not counted.
 */
export async function readAllowance(tx: Db | DbTx, portfolioId: string, messagingLimit: number, now: Date): Promise<Allowance> {
  const limit = effectiveLimit(messagingLimit);
  if (limit === Infinity) return { remaining: Infinity, limit, used: 0, freesAt: null };
  const [row] = await tx.$queryRaw<Array<{ used: number; oldest: Date | null }>>`
    SELECT count(*)::int AS used, min(last_at) AS oldest FROM (
      SELECT m.contact_id, max(m.created_at) AS last_at
      FROM messages m JOIN accounts a ON a.id = m.account_id
      WHERE ${countedSends(portfolioId, now)}
      GROUP BY m.contact_id) counted`;
  const used = row?.used ?? 0;
  const freesAt = row?.oldest ? new Date(row.oldest.getTime() + DAY_MS) : null;
  return { remaining: Math.max(0, limit - used), limit, used, freesAt };
}

/**
 * The sends (as `m`, joined to their account `a`) that count against the portfolio's limit in
 * the 24 hours before `now`: delivered or on their way, to someone who had not written in the
 * 24 hours before.
 */
function countedSends(portfolioId: string, now: Date): Prisma.Sql {
  return Prisma.sql`a.portfolio_id = ${portfolioId} AND m.direction = 'outgoing' AND m.status <> 'failed'
    AND m.created_at > ${new Date(now.getTime() - DAY_MS)}
    AND NOT EXISTS (
      SELECT 1 FROM messages i
      WHERE i.contact_id = m.contact_id AND i.direction = 'incoming'
        AND i.created_at <= m.created_at AND i.created_at > m.created_at - interval '24 hours')`;
}

/** Whether the portfolio's limit already counts this contact in the last 24 hours (another send to them is free). */
export async function alreadyCounted(tx: Db | DbTx, portfolioId: string, contactId: string, now: Date): Promise<boolean> {
  const rows = await tx.$queryRaw<unknown[]>`
    SELECT 1 FROM messages m JOIN accounts a ON a.id = m.account_id
    WHERE m.contact_id = ${contactId} AND ${countedSends(portfolioId, now)} LIMIT 1`;
  return rows.length > 0;
}
