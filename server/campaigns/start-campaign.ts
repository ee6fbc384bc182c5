import { ApiError } from '@/server/api/api-error';
import { db, type SendMode } from '@/server/db';
import { dispatchOutboxSoon } from '@/server/outbox';
import { dispatchCampaign } from './dispatch-campaign';
import { addDispatchJob, addStartJob } from './dispatch-jobs';
import { lockCampaign } from './find-campaign';

export interface StartCampaignInput {
  sendMode?: SendMode;
  /** ISO 8601; in the future it arms the campaign, otherwise it starts now. */
  scheduledAt?: string;
}

/**
 * `POST /v1/campaigns/{id}/start`, from `draft` or `paused`: arms the campaign for a future
 * `scheduled_at`, or makes it `processing` and hands off the first chunk before answering
 * (`queued`, `skipped`). The dispatch job that continues is written in the same transaction
 * as the state change, and handed to the queue after the first chunk so the two rarely meet.
 */
export async function startCampaign(orgId: string, campaignId: string, input: StartCampaignInput, now = new Date()) {
  const scheduledAt = input.scheduledAt === undefined ? null : new Date(input.scheduledAt);
  const armed = scheduledAt !== null && scheduledAt > now;
  const sendMode = input.sendMode ?? 'spread';
  const outboxIds = await db.$transaction(async (tx) => {
    const campaign = await lockCampaign(tx, orgId, campaignId);
    if (campaign.status !== 'draft' && campaign.status !== 'paused') {
      throw new ApiError('campaign_state_conflict', `The campaign is ${campaign.status}; only a draft or paused campaign can be started.`);
    }
    if (campaign.totalCount === 0) throw new ApiError('campaign_has_no_recipients', 'The campaign has no recipients. Add recipients before starting it.');
    const template = await tx.template.findUniqueOrThrow({ where: { id: campaign.templateId } });
    if (template.status !== 'APPROVED') {
      throw new ApiError('template_not_approved', `Template \`${template.name}\` is ${template.status}, not APPROVED, so the campaign cannot send it.`);
    }
    if (armed) {
      await tx.campaign.update({ where: { id: campaignId }, data: { status: 'scheduled', scheduledAt, sendMode } });
      return [await addStartJob(tx, campaignId, scheduledAt)];
    }
    await tx.campaign.update({
      where: { id: campaignId },
      data: { status: 'processing', sendMode, startedAt: campaign.startedAt ?? now, resumesAt: null, throttleReason: null },
    });
    return [await addDispatchJob(tx, campaignId, now)];
  });
  if (armed) {
    await dispatchOutboxSoon(outboxIds);
    return { status: 'scheduled' as const, scheduled_at: scheduledAt.toISOString() };
  }
  const first = await dispatchCampaign(campaignId, { maxChunks: 1 });
  await dispatchOutboxSoon(outboxIds);
  return { status: 'processing' as const, queued: first.queued, skipped: first.skipped };
}
