import { db } from '@/server/db';
import { findCampaign } from './find-campaign';

export interface CampaignFunnel {
  sent: number;
  delivered: number;
  read: number;
  /** Recipients who answered the campaign's message: a reply quoting it or a tap on one of its buttons. */
  replied: number;
  /** Of those, the ones who tapped a button. */
  tapped: number;
}

/**
 * How far a campaign's messages got: sent → delivered → read → replied or tapped (a message sent and
 * then failed is not sent, as in the campaign's counters). A recipient
 * counts as replied when an incoming message from the same contact answers the recipient's own
 * message (its `context_wamid` is that message's wamid; a button tap carries `button_payload` too).
 */
export async function readCampaignFunnel(orgId: string, campaignId: string): Promise<CampaignFunnel> {
  await findCampaign(orgId, campaignId);
  // Raw SQL: counts with FILTER and a correlated EXISTS per recipient in one pass, which the ORM
  // cannot express; the EXISTS uses the messages(context_wamid) index.
  const [row] = await db.$queryRaw<CampaignFunnel[]>`
    WITH answers AS (
      SELECT m.sent_at, m.delivered_at, m.read_at, m.failed_at,
        EXISTS (SELECT 1 FROM messages a WHERE a.context_wamid = m.wamid AND a.direction = 'incoming' AND a.contact_id = m.contact_id) AS replied,
        EXISTS (SELECT 1 FROM messages a WHERE a.context_wamid = m.wamid AND a.direction = 'incoming' AND a.contact_id = m.contact_id
          AND a.button_payload IS NOT NULL) AS tapped
      FROM campaign_recipients r JOIN messages m ON m.campaign_recipient_id = r.id
      WHERE r.campaign_id = ${campaignId} AND m.org_id = ${orgId} AND m.wamid IS NOT NULL)
    SELECT
      count(*) FILTER (WHERE (sent_at IS NOT NULL AND failed_at IS NULL) OR delivered_at IS NOT NULL OR read_at IS NOT NULL)::int AS sent,
      count(*) FILTER (WHERE delivered_at IS NOT NULL OR read_at IS NOT NULL)::int AS delivered,
      count(*) FILTER (WHERE read_at IS NOT NULL)::int AS read,
      count(*) FILTER (WHERE replied)::int AS replied,
      count(*) FILTER (WHERE tapped)::int AS tapped
    FROM answers`;
  return row ?? { sent: 0, delivered: 0, read: 0, replied: 0, tapped: 0 };
}
