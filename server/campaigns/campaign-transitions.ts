import type { DbTx } from '@/server/db';
import type { EventName } from '@/server/webhook-events/catalogue';
import { publishEvent } from '@/server/webhook-events/publish-event';
import { campaignInclude, presentCampaign } from './present-campaign';

async function announce(tx: DbTx, campaignId: string, event: EventName) {
  const campaign = await tx.campaign.findUniqueOrThrow({ where: { id: campaignId }, include: campaignInclude });
  await publishEvent(tx, campaign.orgId, event, { campaign: presentCampaign(campaign) });
}

/**
 * Completes a `processing` campaign once every recipient is dealt with (sent, failed or
 * skipped). Callers change the counters first in the same transaction: that update locks the
 * row, so of two transactions finishing the last recipients the later one sees both and
 * completes, exactly once.
 */
export async function completeCampaignIfDone(tx: DbTx, campaignId: string): Promise<boolean> {
  const done = await tx.$executeRaw`
    UPDATE campaigns SET status = 'completed', completed_at = now(), resumes_at = NULL, throttle_reason = NULL, updated_at = now()
    WHERE id = ${campaignId} AND status = 'processing' AND sent_count + failed_count + skipped_count >= total_count`;
  if (done === 0) return false;
  await announce(tx, campaignId, 'campaign.completed');
  return true;
}

/** A campaign that cannot run (template no longer approved, account unusable) ends `failed`. */
export async function failCampaign(tx: DbTx, campaignId: string, reason: string): Promise<boolean> {
  const failed = await tx.$executeRaw`
    UPDATE campaigns SET status = 'failed', failure_reason = ${reason}, resumes_at = NULL, throttle_reason = NULL, updated_at = now()
    WHERE id = ${campaignId} AND status IN ('processing', 'scheduled')`;
  if (failed === 0) return false;
  await announce(tx, campaignId, 'campaign.failed');
  return true;
}

/** Parks a campaign against the messaging limit until `resumesAt`; announced once per park. */
export async function parkCampaign(tx: DbTx, campaignId: string, resumesAt: Date): Promise<boolean> {
  const parked = await tx.$executeRaw`
    UPDATE campaigns SET resumes_at = ${resumesAt}, throttle_reason = 'messaging_limit', updated_at = now()
    WHERE id = ${campaignId} AND status = 'processing' AND resumes_at IS DISTINCT FROM ${resumesAt}`;
  if (parked === 0) return false;
  await announce(tx, campaignId, 'campaign.throttled');
  return true;
}

/** Fails the campaigns these messages belong to, for a reason that stops them all (the account's credentials were rejected). */
export async function failCampaignsOfMessages(tx: DbTx, messageIds: string[], reason: string): Promise<void> {
  const campaigns = await tx.$queryRaw<Array<{ campaign_id: string }>>`
    SELECT DISTINCT r.campaign_id FROM messages m JOIN campaign_recipients r ON r.id = m.campaign_recipient_id
    WHERE m.id = ANY(${messageIds}::text[])`;
  for (const { campaign_id: campaignId } of campaigns) await failCampaign(tx, campaignId, reason);
}
