import { db } from '@/server/db';
import { lockCampaign } from './find-campaign';
import { requireCampaignStatus } from './require-campaign-status';

/** Deletes a draft and its recipients together (a draft has sent nothing, so nothing else refers to them). */
export async function deleteDraftCampaign(orgId: string, campaignId: string): Promise<{ id: string; deleted: true }> {
  await db.$transaction(async (tx) => {
    requireCampaignStatus(await lockCampaign(tx, orgId, campaignId), 'draft', 'deleted');
    await tx.campaignRecipient.deleteMany({ where: { campaignId } });
    await tx.campaign.delete({ where: { id: campaignId } });
  });
  return { id: campaignId, deleted: true };
}
