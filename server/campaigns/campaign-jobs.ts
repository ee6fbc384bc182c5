import { DelayedError, type Job } from 'bullmq';
import { db } from '@/server/db';
import type { JobData } from '@/server/queues';
import { dispatchCampaign } from './dispatch-campaign';
import { addDispatchJob } from './dispatch-jobs';

/**
 * `campaign.start`: a scheduled campaign's time has come. The conditional `scheduled →
 * processing` update lets exactly one of several workers (or repeated deliveries) start it;
 * the dispatch job is written with it, so a crash right after cannot strand the campaign.
 */
export async function startScheduledCampaignJob(job: Job, data: JobData<'campaigns', 'campaign.start'>, token?: string): Promise<void> {
  const campaign = await db.campaign.findUnique({ where: { id: data.campaignId }, select: { status: true, scheduledAt: true } });
  if (campaign?.status !== 'scheduled' || !campaign.scheduledAt) return;
  const now = new Date();
  if (campaign.scheduledAt > now) {
    // Re-armed for a later time since this job was queued.
    await job.moveToDelayed(campaign.scheduledAt.getTime(), token);
    throw new DelayedError();
  }
  await db.$transaction(async (tx) => {
    const started = await tx.campaign.updateMany({
      where: { id: data.campaignId, status: 'scheduled', scheduledAt: campaign.scheduledAt },
      data: { status: 'processing', startedAt: now },
    });
    if (started.count === 1) await addDispatchJob(tx, data.campaignId, now);
  });
}

/** `campaign.dispatch`: hands recipients off until done, parked or paused (idempotent). */
export async function dispatchCampaignJob(_job: Job, data: JobData<'campaigns', 'campaign.dispatch'>): Promise<void> {
  await dispatchCampaign(data.campaignId);
}
