/** The periods a report covers: the last 7, 30 or 90 days, today included (shared with the page). */
export const REPORT_DAYS = [7, 30, 90] as const;

export type ReportDays = (typeof REPORT_DAYS)[number];
