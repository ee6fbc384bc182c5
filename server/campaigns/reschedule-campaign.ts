import { db } from '@/server/db';
import { ApiError } from '@/server/errors/api-error';
import { addStartJob } from './dispatch-jobs';
import { lockCampaign } from './find-campaign';
import { campaignInclude, presentCampaign } from './present-campaign';
import { requireCampaignStatus } from './require-campaign-status';

/**
 * Moves a scheduled campaign to a new future time and writes a start job for it. The job armed
 * for the old time stays queued but cannot start it then: the start job compares the stored
 * time, delays itself to a later one and does nothing once the campaign has left `scheduled`.
 */
export async function rescheduleCampaign(orgId: string, campaignId: string, scheduledAtIso: string, now = new Date()) {
  const scheduledAt = new Date(scheduledAtIso);
  if (!(scheduledAt > now)) throw new ApiError('invalid_parameter', '`scheduled_at` must be in the future.', { param: 'scheduled_at' });
  const campaign = await db.$transaction(async (tx) => {
    requireCampaignStatus(await lockCampaign(tx, orgId, campaignId), 'scheduled', 'rescheduled');
    const updated = await tx.campaign.update({ where: { id: campaignId }, data: { scheduledAt }, include: campaignInclude });
    await addStartJob(tx, campaignId, scheduledAt);
    return updated;
  });
  return presentCampaign(campaign);
}
