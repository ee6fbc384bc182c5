import { db, Prisma } from '@/server/db';
import { rangeSql, type ReportRange } from './report-range';

export interface ConversationDay {
  /** `YYYY-MM-DD` in the reader's time zone. */
  day: string;
  opened: number;
  resolved: number;
  /** Conversations opened that day in which a member replied or that a member resolved. */
  human: number;
  /** Conversations the organization's AI agent handled; the agent service has no WhatsApp channel yet, so none. */
  ai: number;
}

export interface ConversationActivity {
  days: ConversationDay[];
  /** False until the agent service answers WhatsApp customers: the page says so rather than drawing a flat line as data. */
  aiAvailable: boolean;
}

/** Conversations opened and resolved per day, and who handled the ones opened (people; AI once it exists). */
export async function readConversationActivity(orgId: string, range: ReportRange): Promise<ConversationActivity> {
  const { since, day, calendar } = rangeSql(range);
  // Raw SQL: two counts per calendar day (by opening and by resolution) with the quiet days
  // filled in, in the reader's time zone.
  const days = await db.$queryRaw<Array<Omit<ConversationDay, 'ai'>>>(Prisma.sql`
    WITH opened AS (
      SELECT ${day(Prisma.sql`p.opened_at`)} AS day, count(*) AS opened,
        count(*) FILTER (WHERE p.first_responder_id IS NOT NULL OR p.resolved_by_id IS NOT NULL) AS human
      FROM conversation_periods p WHERE p.org_id = ${orgId} AND p.opened_at >= ${since} GROUP BY 1),
    resolved AS (
      SELECT ${day(Prisma.sql`p.resolved_at`)} AS day, count(*) AS resolved
      FROM conversation_periods p WHERE p.org_id = ${orgId} AND p.resolved_at >= ${since} GROUP BY 1)
    SELECT c.day, coalesce(o.opened, 0)::int AS opened, coalesce(r.resolved, 0)::int AS resolved, coalesce(o.human, 0)::int AS human
    FROM (${calendar}) c LEFT JOIN opened o ON o.day = c.day LEFT JOIN resolved r ON r.day = c.day
    ORDER BY c.day`);
  return { days: days.map((d) => ({ ...d, ai: 0 })), aiAvailable: false };
}
