import { ApiError } from '@/server/errors/api-error';
import { db } from '@/server/db';
import { lockForRecount, recountCampaign } from './campaign-counters';
import { lockCampaign } from './find-campaign';
import { campaignInclude, presentCampaign } from './present-campaign';

/**
 * `POST /v1/campaigns/{id}/pause`: stops a `processing` or `scheduled` campaign. Taking the
 * campaign row lock waits for a chunk being handed off, and the next chunk sees `paused`, so
 * nothing new is handed off after this returns; messages already queued are still sent.
 */
export async function pauseCampaign(orgId: string, campaignId: string) {
  const campaign = await db.$transaction(async (tx) => {
    await lockForRecount(tx, campaignId);
    const locked = await lockCampaign(tx, orgId, campaignId);
    if (locked.status !== 'processing' && locked.status !== 'scheduled') {
      throw new ApiError('campaign_state_conflict', `The campaign is ${locked.status}; only a processing or scheduled campaign can be paused.`);
    }
    await recountCampaign(tx, campaignId);
    return tx.campaign.update({
      where: { id: campaignId },
      data: { status: 'paused', resumesAt: null, throttleReason: null },
      include: campaignInclude,
    });
  });
  return presentCampaign(campaign);
}
