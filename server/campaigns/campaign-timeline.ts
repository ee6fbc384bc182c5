import { db } from '@/server/db';
import { findCampaign } from './find-campaign';

export interface TimelinePoint {
  at: string;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
}

/**
 * Cumulative sent / delivered / read / failed of a campaign's messages per minute, for the progress chart.
 * A message that was sent and then failed counts as failed only, as the campaign's counters do.
 */
export async function readCampaignTimeline(orgId: string, campaignId: string): Promise<TimelinePoint[]> {
  await findCampaign(orgId, campaignId);
  const rows = await db.$queryRaw<Array<{ at: Date; sent: number; delivered: number; read: number; failed: number }>>`
    WITH steps AS (
      SELECT date_trunc('minute', m.sent_at) AS at, 'sent' AS kind FROM messages m JOIN campaign_recipients r ON r.id = m.campaign_recipient_id WHERE r.campaign_id = ${campaignId} AND m.sent_at IS NOT NULL AND m.failed_at IS NULL
      UNION ALL SELECT date_trunc('minute', m.delivered_at), 'delivered' FROM messages m JOIN campaign_recipients r ON r.id = m.campaign_recipient_id WHERE r.campaign_id = ${campaignId} AND m.delivered_at IS NOT NULL
      UNION ALL SELECT date_trunc('minute', m.read_at), 'read' FROM messages m JOIN campaign_recipients r ON r.id = m.campaign_recipient_id WHERE r.campaign_id = ${campaignId} AND m.read_at IS NOT NULL
      UNION ALL SELECT date_trunc('minute', m.failed_at), 'failed' FROM messages m JOIN campaign_recipients r ON r.id = m.campaign_recipient_id WHERE r.campaign_id = ${campaignId} AND m.failed_at IS NOT NULL)
    SELECT at,
      (sum(count(*) FILTER (WHERE kind = 'sent')) OVER w)::int AS sent,
      (sum(count(*) FILTER (WHERE kind = 'delivered')) OVER w)::int AS delivered,
      (sum(count(*) FILTER (WHERE kind = 'read')) OVER w)::int AS read,
      (sum(count(*) FILTER (WHERE kind = 'failed')) OVER w)::int AS failed
    FROM steps GROUP BY at WINDOW w AS (ORDER BY at) ORDER BY at`;
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
