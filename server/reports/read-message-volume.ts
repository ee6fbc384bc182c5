import { db, Prisma } from '@/server/db';
import { rangeSql, type ReportRange } from './report-range';

export interface MessageVolumeDay {
  /** `YYYY-MM-DD` in the reader's time zone. */
  day: string;
  /** Outgoing messages the platform accepted (as in the delivery rates: one that failed after being sent was sent). */
  sent: number;
  /** Messages customers sent. */
  received: number;
}

/** Messages sent and received per day of the range, every day present (zero when quiet). */
export async function readMessageVolume(orgId: string, range: ReportRange): Promise<MessageVolumeDay[]> {
  const { since, day, calendar } = rangeSql(range);
  // Raw SQL: counts per calendar day in the reader's time zone, with the days without
  // messages filled in, which the ORM's groupBy cannot express. `account_id IN (…)` lets the
  // messages(account_id, created_at) index bound the scan.
  return db.$queryRaw<MessageVolumeDay[]>(Prisma.sql`
    WITH counted AS (
      SELECT ${day(Prisma.sql`m.created_at`)} AS day,
        count(*) FILTER (WHERE m.direction = 'outgoing' AND (m.sent_at IS NOT NULL OR m.delivered_at IS NOT NULL OR m.read_at IS NOT NULL)) AS sent,
        count(*) FILTER (WHERE m.direction = 'incoming') AS received
      FROM messages m
      WHERE m.account_id IN (SELECT id FROM accounts WHERE org_id = ${orgId}) AND m.created_at >= ${since}
      GROUP BY 1)
    SELECT c.day, coalesce(counted.sent, 0)::int AS sent, coalesce(counted.received, 0)::int AS received
    FROM (${calendar}) c LEFT JOIN counted ON counted.day = c.day
    ORDER BY c.day`);
}
