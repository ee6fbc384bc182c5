import { db, Prisma } from '@/server/db';
import { rangeSql, type ReportRange } from './report-range';

export interface DurationStats {
  count: number;
  /** Seconds; null when the member has none in the range. */
  medianSeconds: number | null;
  averageSeconds: number | null;
}

export interface AgentTimes {
  userId: string;
  name: string;
  /** From the customer's opening message to the member's first reply, for conversations opened in the range. */
  firstResponse: DurationStats;
  /** From opening to resolution, for the conversations the member resolved in the range. */
  resolution: DurationStats;
}

/** First-response and resolution times per member (median and average), most active first. */
export async function readAgentTimes(orgId: string, range: ReportRange): Promise<AgentTimes[]> {
  const { since } = rangeSql(range);
  // Raw SQL: medians (percentile_cont) have no ORM equivalent.
  const rows = await db.$queryRaw<
    Array<{
      user_id: string;
      name: string | null;
      email: string;
      responses: number;
      response_median: number | null;
      response_avg: number | null;
      resolutions: number;
      resolution_median: number | null;
      resolution_avg: number | null;
    }>
  >(Prisma.sql`
    WITH responses AS (
      SELECT p.first_responder_id AS user_id, count(*)::int AS responses,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM p.first_response_at - p.opened_at)) AS response_median,
        avg(extract(epoch FROM p.first_response_at - p.opened_at)) AS response_avg
      FROM conversation_periods p
      WHERE p.org_id = ${orgId} AND p.opened_at >= ${since} AND p.first_responder_id IS NOT NULL
      GROUP BY 1),
    resolutions AS (
      SELECT p.resolved_by_id AS user_id, count(*)::int AS resolutions,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM p.resolved_at - p.opened_at)) AS resolution_median,
        avg(extract(epoch FROM p.resolved_at - p.opened_at)) AS resolution_avg
      FROM conversation_periods p
      WHERE p.org_id = ${orgId} AND p.resolved_at >= ${since} AND p.resolved_by_id IS NOT NULL
      GROUP BY 1)
    SELECT u.id AS user_id, u.name, u.email,
      coalesce(s.responses, 0)::int AS responses, s.response_median::float8 AS response_median, s.response_avg::float8 AS response_avg,
      coalesce(r.resolutions, 0)::int AS resolutions, r.resolution_median::float8 AS resolution_median, r.resolution_avg::float8 AS resolution_avg
    FROM responses s FULL JOIN resolutions r ON r.user_id = s.user_id
    JOIN users u ON u.id = coalesce(s.user_id, r.user_id)
    ORDER BY coalesce(s.responses, 0) + coalesce(r.resolutions, 0) DESC, u.name NULLS LAST, u.email`);
  const seconds = (value: number | null) => (value === null ? null : Math.round(value));
  return rows.map((row) => ({
    userId: row.user_id,
    name: row.name ?? row.email,
    firstResponse: { count: row.responses, medianSeconds: seconds(row.response_median), averageSeconds: seconds(row.response_avg) },
    resolution: { count: row.resolutions, medianSeconds: seconds(row.resolution_median), averageSeconds: seconds(row.resolution_avg) },
  }));
}
