import { db } from '@/server/db';
import { failCampaign } from './campaign-transitions';
import { CANCELED_REASON } from './canceled-reason';
import { lockCampaign } from './find-campaign';
import { campaignInclude, presentCampaign } from './present-campaign';
import { requireCampaignStatus } from './require-campaign-status';

/**
 * Cancels a scheduled campaign for good. Its start job finds it no longer `scheduled` and does
 * nothing; `campaign.failed` is announced as for any campaign that ends without running.
 */
export async function cancelScheduledCampaign(orgId: string, campaignId: string) {
  const campaign = await db.$transaction(async (tx) => {
    requireCampaignStatus(await lockCampaign(tx, orgId, campaignId), 'scheduled', 'cancelled');
    await failCampaign(tx, campaignId, CANCELED_REASON);
    return tx.campaign.findUniqueOrThrow({ where: { id: campaignId }, include: campaignInclude });
  });
  return presentCampaign(campaign);
}
