import { z } from 'zod';
import { Prisma } from '@/server/db';
import type { ReportDays } from './report-days';

/** An IANA time zone name the runtime knows ("Asia/Riyadh"); days are counted in it. */
const timeZone = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone.');

export const reportRangeInput = z.object({
  days: z.union([z.literal(7), z.literal(30), z.literal(90)]),
  timeZone,
});

export interface ReportRange {
  days: ReportDays;
  timeZone: string;
  /** The moment the report is made; tests pass their own. */
  now?: Date;
}

/**
 * SQL pieces every report shares, with bound parameters: `since`, the start of the first day
 * (midnight in the reader's time zone, `days - 1` days before today), and `day(column)`, the
 * reader's calendar day of a timestamp as `YYYY-MM-DD`, and `calendar`, every day of the range.
 */
export function rangeSql({ days, timeZone, now = new Date() }: ReportRange) {
  const today = Prisma.sql`date_trunc('day', ${now}::timestamptz AT TIME ZONE ${timeZone})`;
  return {
    since: Prisma.sql`((${today} - make_interval(days => ${days - 1}::int)) AT TIME ZONE ${timeZone})`,
    day: (column: Prisma.Sql) => Prisma.sql`to_char(${column} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`,
    calendar: Prisma.sql`SELECT to_char(d, 'YYYY-MM-DD') AS day
      FROM generate_series(${today} - make_interval(days => ${days - 1}::int), ${today}, interval '1 day') AS d`,
  };
}
