import type { DbTx } from '@/server/db';

/**
 * A sending campaign's counters are not moved by each message status: hundreds of status
 * transactions a second would queue on the one campaign row. While it is `processing` and not
 * parked, its recipients' statuses are the record, and the dispatcher recounts them (each
 * chunk, then every second until it completes). In every other state each status moves the
 * counters itself. The recount lock makes skipping safe: a status transaction holds it shared
 * from its mode check to its commit, and whoever recounts or leaves the recounting mode takes
 * it exclusively first (before the campaign row, always in that order), so no status that
 * skipped the counters is missed by the recount after it.
 */
export async function lockForRecount(tx: DbTx, campaignId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`campaign-counters:${campaignId}`}, 0))`;
}

/** Whether a status change of this campaign's recipients may leave the counters to the recount. */
export async function leftToRecount(tx: DbTx, campaignId: string): Promise<boolean> {
  if (!(await recounting(tx, campaignId))) return false;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(hashtextextended(${`campaign-counters:${campaignId}`}, 0))`;
  return recounting(tx, campaignId);
}

async function recounting(tx: DbTx, campaignId: string): Promise<boolean> {
  const [row] = await tx.$queryRaw<Array<{ recounting: boolean }>>`
    SELECT status = 'processing' AND resumes_at IS NULL AS recounting FROM campaigns WHERE id = ${campaignId}`;
  return row?.recounting ?? false;
}

/**
 * Sets the counters from the recipients' statuses; the caller holds `lockForRecount` and the
 * campaign row. Returns how many are in flight: handed to the send pipeline and not yet sent.
 */
export async function recountCampaign(tx: DbTx, campaignId: string): Promise<{ inFlight: number }> {
  const [row] = await tx.$queryRaw<Array<{ in_flight: number }>>`
    UPDATE campaigns c SET total_count = a.total, sent_count = a.sent, delivered_count = a.delivered, read_count = a.read,
      failed_count = a.failed, skipped_count = a.skipped, updated_at = now()
    FROM (
      SELECT count(*)::int AS total,
        (count(*) FILTER (WHERE status IN ('sent', 'delivered', 'read')))::int AS sent,
        (count(*) FILTER (WHERE status IN ('delivered', 'read')))::int AS delivered,
        (count(*) FILTER (WHERE status = 'read'))::int AS read,
        (count(*) FILTER (WHERE status = 'failed'))::int AS failed,
        (count(*) FILTER (WHERE status = 'skipped'))::int AS skipped,
        (count(*) FILTER (WHERE status = 'queued'))::int AS in_flight
      FROM campaign_recipients WHERE campaign_id = ${campaignId}) a
    WHERE c.id = ${campaignId}
    RETURNING a.in_flight`;
  return { inFlight: row?.in_flight ?? 0 };
}
