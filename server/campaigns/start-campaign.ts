import { ApiError } from '@/server/errors/api-error';
import { db, type SendMode } from '@/server/db';
import { dispatchCampaign } from './dispatch-campaign';
import { addDispatchJob, addStartJob } from './dispatch-jobs';
import { lockCampaign } from './find-campaign';

/** How long the request's own first chunk has before the dispatch job may start. */
const FIRST_CHUNK_HEAD_START_MS = 1_000;

export interface StartCampaignInput {
  sendMode?: SendMode;
  /** ISO 8601; in the future it arms the campaign, otherwise it starts now. */
  scheduledAt?: string;
}

/**
 * `POST /v1/campaigns/{id}/start`, from `draft` or `paused`: arms the campaign for a future
 * `scheduled_at`, or makes it `processing` and hands off the first chunk before answering
 * (`queued`, `skipped`). The dispatch job that continues is written in the same transaction
 * as the state change, due a moment later, so the request's first chunk takes the campaign's
 * lock first and the answer counts it; the job then waits for the lock and hands off the rest.
 * Should the request be slower than that, the job hands off the first chunk instead: the
 * answer then counts fewer, and nobody is handed off twice (the lock serialises the two).
 */
export async function startCampaign(orgId: string, campaignId: string, input: StartCampaignInput, now = new Date()) {
  const scheduledAt = input.scheduledAt === undefined ? null : new Date(input.scheduledAt);
  const armed = scheduledAt !== null && scheduledAt > now;
  const sendMode = input.sendMode ?? 'spread';
  await db.$transaction(async (tx) => {
    const campaign = await lockCampaign(tx, orgId, campaignId);
    if (campaign.status !== 'draft' && campaign.status !== 'paused') {
      throw new ApiError('campaign_state_conflict', `The campaign is ${campaign.status}; only a draft or paused campaign can be started.`);
    }
    if (campaign.totalCount === 0)
      throw new ApiError('campaign_has_no_recipients', 'The campaign has no recipients. Add recipients before starting it.');
    const template = await tx.template.findUniqueOrThrow({ where: { id: campaign.templateId } });
    if (template.status !== 'APPROVED') {
      throw new ApiError(
        'template_not_approved',
        `Template \`${template.name}\` is ${template.status}, not APPROVED, so the campaign cannot send it.`,
      );
    }
    if (armed) {
      await tx.campaign.update({ where: { id: campaignId }, data: { status: 'scheduled', scheduledAt, sendMode } });
      await addStartJob(tx, campaignId, scheduledAt);
      return;
    }
    await tx.campaign.update({
      where: { id: campaignId },
      data: { status: 'processing', sendMode, startedAt: campaign.startedAt ?? now, resumesAt: null, throttleReason: null },
    });
    await addDispatchJob(tx, campaignId, new Date(Date.now() + FIRST_CHUNK_HEAD_START_MS));
  });
  if (armed) return { status: 'scheduled' as const, scheduled_at: scheduledAt.toISOString() };
  const first = await dispatchCampaign(campaignId, { maxChunks: 1 });
  return { status: 'processing' as const, queued: first.queued, skipped: first.skipped };
}
