import { ApiError } from '@/server/errors/api-error';
import { db, type DbTx } from '@/server/db';
import { insertOutgoingMessages, type OutgoingMessageInput } from '@/server/messages/queue-outgoing-message';
import { templateForSend } from '@/server/messages/template-send';
import { buildCampaignMessage } from './campaign-template';
import { completeCampaignIfDone, failCampaign, parkCampaign } from './campaign-transitions';
import { lockForRecount, recountCampaign } from './campaign-counters';
import { addDispatchJob } from './dispatch-jobs';
import { ensureContacts } from './ensure-contacts';
import { readAllowance } from './messaging-allowance';
import { planHandOff, type PendingRecipient } from './plan-hand-off';

export const CHUNK_SIZE = 1000;
const RECOUNT_EVERY_MS = 1_000;
/**
 * Seconds of the number's throughput a campaign keeps handed off ahead of its sends. Handing
 * off a whole campaign at once filled the send queue with a backlog every other message of the
 * worker waited behind, an OTP from another organization included (`npm run bench:fairness`),
 * and a pause could no longer hold back anything.
 */
const HANDED_OFF_AHEAD_S = 5;

/** Recipients in flight (queued, not yet sent) past which a campaign waits for its sends. */
export const maxInFlight = (throughputPerSec: number) => Math.max(CHUNK_SIZE, throughputPerSec * HANDED_OFF_AHEAD_S);

export interface ChunkOutcome {
  /**
   * `more`: call again; `paced`: enough in flight, called again soon; `done`: nothing pending
   * (rechecked soon until completed); `parked`: waiting for allowance; `stopped`: not processing.
   */
  state: 'more' | 'paced' | 'done' | 'parked' | 'stopped';
  queued: number;
  skipped: number;
}

/**
 * Hands one chunk of a `processing` campaign's pending recipients to the send pipeline in one
 * transaction: each recipient becomes `queued` together with its message and send job, or
 * `skipped` / `failed`, so a crash loses or repeats nobody. The campaign row lock serialises
 * dispatchers of one campaign (and pause); the portfolio advisory lock serialises campaigns
 * sharing one messaging limit while they count and take allowance.
 */
export async function handOffChunk(campaignId: string, now: Date, size = CHUNK_SIZE): Promise<ChunkOutcome> {
  return db.$transaction(async (tx) => {
    await lockForRecount(tx, campaignId);
    await tx.$queryRaw`SELECT id FROM campaigns WHERE id = ${campaignId} FOR UPDATE`;
    const { inFlight } = await recountCampaign(tx, campaignId);
    const campaign = await tx.campaign.findUnique({
      where: { id: campaignId },
      include: {
        template: true,
        account: { select: { portfolioId: true, throughputPerSec: true, portfolio: { select: { messagingLimit: true } } } },
      },
    });
    const stopped = { state: 'stopped' as const, queued: 0, skipped: 0 };
    if (!campaign || campaign.status !== 'processing') return stopped;
    if (inFlight >= maxInFlight(campaign.account.throughputPerSec)) {
      await addDispatchJob(tx, campaignId, new Date(Date.now() + RECOUNT_EVERY_MS));
      return { state: 'paced' as const, queued: 0, skipped: 0 };
    }
    const { template } = campaign;
    if (template.status !== 'APPROVED') {
      await failCampaign(tx, campaignId, `Template \`${template.name}\` is ${template.status}, no longer APPROVED.`);
      return stopped;
    }
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${campaign.account.portfolioId}, 0))`;
    const allowance = await readAllowance(tx, campaign.account.portfolioId, campaign.account.portfolio.messagingLimit, now);
    const pending = await tx.$queryRaw<PendingRecipient[]>`
      SELECT r.id, r.phone_number, r.parameters, c.id AS contact_id, c.opted_out_marketing, c.last_inbound_at
      FROM campaign_recipients r LEFT JOIN contacts c ON c.org_id = ${campaign.orgId} AND c.phone_number = r.phone_number
      WHERE r.campaign_id = ${campaignId} AND r.status = 'pending'
      ORDER BY r.id LIMIT ${size} FOR UPDATE OF r SKIP LOCKED`;
    if (pending.length === 0) {
      // Messages still on their way: look again soon (by the real clock; tests drive `now` for allowance).
      if (!(await completeCampaignIfDone(tx, campaignId))) await addDispatchJob(tx, campaignId, new Date(Date.now() + RECOUNT_EVERY_MS));
      return { state: 'done' as const, queued: 0, skipped: 0 };
    }

    const plan = planHandOff(pending, {
      marketing: template.category === 'MARKETING',
      sendMode: campaign.sendMode,
      remaining: allowance.remaining,
      now,
    });
    const contactIds = await ensureContacts(
      tx,
      campaign.orgId,
      campaign.accountId,
      plan.send.filter((r) => !r.contact_id).map((r) => r.phone_number),
    );
    const forSend = templateForSend(template);
    const queued: Array<{ id: string; contactId: string }> = [];
    const failed: Array<{ id: string; reason: string }> = [];
    const messages: OutgoingMessageInput[] = [];
    for (const recipient of plan.send) {
      const contactId = recipient.contact_id ?? (contactIds.get(recipient.phone_number) as string);
      let built: ReturnType<typeof buildCampaignMessage>;
      try {
        built = buildCampaignMessage(forSend, recipient.parameters);
      } catch (error) {
        // The template changed since the recipient was added (re-synced with other variables).
        if (!(error instanceof ApiError)) throw error;
        failed.push({ id: recipient.id, reason: error.message });
        continue;
      }
      messages.push({
        orgId: campaign.orgId,
        accountId: campaign.accountId,
        contactId,
        type: 'template',
        content: built.content,
        platformBody: built.platformBody,
        templateId: template.id,
        templateName: template.name,
        campaignRecipientId: recipient.id,
      });
      queued.push({ id: recipient.id, contactId });
    }
    await insertOutgoingMessages(tx, messages);
    await markRecipients(tx, queued, plan.skip, failed);
    const parkUntil = plan.waiting > 0 ? resumeTime(allowance.freesAt, now) : null;
    await tx.$executeRaw`
      UPDATE campaigns SET skipped_count = skipped_count + ${plan.skip.length}, failed_count = failed_count + ${failed.length},
        resumes_at = CASE WHEN ${parkUntil === null} THEN NULL ELSE resumes_at END,
        throttle_reason = CASE WHEN ${parkUntil === null} THEN NULL ELSE throttle_reason END, updated_at = now()
      WHERE id = ${campaignId}`;
    if (parkUntil) {
      if (await parkCampaign(tx, campaignId, parkUntil)) await addDispatchJob(tx, campaignId, parkUntil);
      return { state: 'parked' as const, queued: queued.length, skipped: plan.skip.length };
    }
    if (plan.skip.length + failed.length > 0) await completeCampaignIfDone(tx, campaignId);
    return { state: 'more' as const, queued: queued.length, skipped: plan.skip.length };
  });
}

/** When allowance frees up; at least a minute ahead, so a re-park always schedules a new wake-up. */
function resumeTime(freesAt: Date | null, now: Date): Date {
  const soonest = now.getTime() + 60_000;
  return new Date(Math.max(freesAt?.getTime() ?? now.getTime() + 24 * 3600_000, soonest));
}

async function markRecipients(
  tx: DbTx,
  queued: Array<{ id: string; contactId: string }>,
  skipped: Array<{ id: string; reason: string }>,
  failed: Array<{ id: string; reason: string }>,
) {
  if (queued.length > 0) {
    await tx.$executeRaw`
      UPDATE campaign_recipients r SET status = 'queued', contact_id = batch.contact_id, updated_at = now()
      FROM unnest(${queued.map((q) => q.id)}::text[], ${queued.map((q) => q.contactId)}::text[]) AS batch(id, contact_id)
      WHERE r.id = batch.id`;
  }
  for (const [status, rows] of [
    ['skipped', skipped],
    ['failed', failed],
  ] as const) {
    if (rows.length === 0) continue;
    await tx.$executeRaw`
      UPDATE campaign_recipients r SET status = ${status}::"RecipientStatus", error_message = batch.reason, updated_at = now()
      FROM unnest(${rows.map((row) => row.id)}::text[], ${rows.map((row) => row.reason)}::text[]) AS batch(id, reason)
      WHERE r.id = batch.id`;
  }
}
