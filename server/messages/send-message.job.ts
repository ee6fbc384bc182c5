import { DelayedError, type Job } from 'bullmq';
import { config } from '@/server/config';
import { db } from '@/server/db';
import { getPgPool } from '@/server/db/pg';
import { logger } from '@/server/logger';
import { getMediaStore } from '@/server/media/storage';
import { createPlatformClient, PlatformError, type PlatformClient } from '@/server/platform/client';
import type { JobData } from '@/server/queues';
import { getRedis, redisKey } from '@/server/redis';
import { UPLOADED_MEDIA_ID, withUploadedMedia } from './outgoing-media';
import { recordSendOutcome } from './record-sends';
import { takeSendSlot } from './throughput';

/**
 * How long a send whose outcome is unknown (the worker died, or the platform's answer was
 * lost) waits for the platform's status webhooks before it is tried again. The platform
 * reports every message it accepted; its status carries our message id, which adopts it.
 */
const IN_DOUBT_MS = config.SEND_IN_DOUBT_MS;
/** The platform's throughput (130429) and pair-rate (131056) refusals: wait, don't fail. */
const PACING_CODES = new Set([130429, 131056]);

function hasAttemptsLeft(job: Job): boolean {
  return job.attemptsMade + 1 < (job.opts.attempts ?? 1);
}

async function delay(job: Job, token: string | undefined, ms: number): Promise<never> {
  await job.moveToDelayed(Date.now() + ms, token);
  throw new DelayedError();
}

interface ClaimedMessage {
  id: string;
  createdAt: Date;
  payload: Record<string, unknown>;
  phoneNumber: string;
  phoneId: string;
  throughputPerSec: number;
  accessToken: string | null;
}

/**
 * Claims the message for sending (`send_started_at`) and reads what sending it needs, in one
 * prepared statement (this runs per message): only a pending outgoing message that nobody
 * claimed, or whose claim has been in doubt for IN_DOUBT_MS, can be claimed.
 */
async function claimMessage(id: string): Promise<ClaimedMessage | null> {
  const { rows } = await getPgPool().query<ClaimedMessage>({
    name: 'send-job-claim',
    text: `UPDATE messages m SET send_started_at = now(), updated_at = now()
           FROM contacts c, accounts a, business_portfolios p
           WHERE m.id = $1 AND m.status = 'pending' AND m.direction = 'outgoing'
             AND (m.send_started_at IS NULL OR m.send_started_at <= now() - make_interval(secs => $2))
             AND c.id = m.contact_id AND a.id = m.account_id AND p.id = a.portfolio_id
           RETURNING m.id, m.created_at AS "createdAt", m.payload, c.phone_number AS "phoneNumber", a.phone_id AS "phoneId",
                     a.throughput_per_sec AS "throughputPerSec", p.access_token AS "accessToken"`,
    values: [id, IN_DOUBT_MS / 1000],
  });
  return rows[0] ?? null;
}

/** Gives a claim back when the message did not go out (throughput wait, or the platform refused it). */
async function releaseClaim(id: string): Promise<void> {
  await getPgPool().query({
    name: 'send-job-release',
    text: `UPDATE messages SET send_started_at = NULL, updated_at = now() WHERE id = $1 AND status = 'pending'`,
    values: [id],
  });
}

/** Why a message could not be claimed: gone or done (nothing to do), or its claim is still in doubt. */
async function inDoubtUntil(id: string): Promise<number | null> {
  const { rows } = await getPgPool().query<{ sendStartedAt: Date | null }>({
    name: 'send-job-in-doubt',
    text: `SELECT send_started_at AS "sendStartedAt" FROM messages WHERE id = $1 AND status = 'pending' AND direction = 'outgoing'`,
    values: [id],
  });
  const startedAt = rows[0]?.sendStartedAt;
  return startedAt ? startedAt.getTime() + IN_DOUBT_MS : null;
}

/**
 * Sends one pending message through the platform, never twice: the message is claimed
 * (`send_started_at`) before the request, a claim whose outcome is unknown waits for the
 * platform's statuses, and a message that is no longer pending is left alone.
 */
export async function sendMessageJob(job: Job, data: JobData<'messages', 'message.send'>, token?: string): Promise<void> {
  const message = await claimMessage(data.messageId);
  if (!message) {
    const until = await inDoubtUntil(data.messageId);
    if (until === null) return; // sent, failed or gone
    return delay(job, token, Math.max(1, until - Date.now()));
  }
  const wait = await takeSendSlot(message.phoneId, message.throughputPerSec);
  if (wait > 0) {
    await releaseClaim(message.id);
    return delay(job, token, wait);
  }

  const client = createPlatformClient({
    baseUrl: config.PLATFORM_BASE_URL,
    apiVersion: config.PLATFORM_API_VERSION,
    accessToken: message.accessToken ?? config.PLATFORM_ACCESS_TOKEN,
  });
  let wamid: string;
  try {
    const body = await withMediaUploaded(client, message.id, message.phoneId, message.payload);
    ({ wamid } = await client.sendMessage(message.phoneId, {
      ...body,
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: message.phoneNumber,
      biz_opaque_callback_data: message.id,
    } as Parameters<typeof client.sendMessage>[1]));
  } catch (error) {
    return handleSendError(job, token, message, error);
  }
  await recordSendOutcome({ key: message.id, status: 'sent', at: new Date(), wamid });
}

/** Messages the platform could not be reached for within a day are given up as failed. */
const GIVE_UP_AFTER_MS = 24 * 3600_000;

async function handleSendError(job: Job, token: string | undefined, message: { id: string; createdAt: Date }, error: unknown) {
  const answered = error instanceof PlatformError && error.httpStatus !== null;
  if (!answered) {
    // No answer (network failure, time-out): the platform may have accepted it. Keep the claim
    // and come back after the in-doubt wait, when its statuses will have adopted it if it did.
    if (Date.now() - message.createdAt.getTime() < GIVE_UP_AFTER_MS) return delay(job, token, IN_DOUBT_MS);
    return recordFailed(message.id, 'The platform could not be reached for 24 hours.');
  }
  // The platform answered with a refusal, so it did not accept the message: release the claim.
  await releaseClaim(message.id);
  if (PACING_CODES.has(error.code)) return delay(job, token, await pacingDelay(message.id, error.code));
  if (error.retryable && hasAttemptsLeft(job)) throw error;
  logger.warn({ messageId: message.id, code: error.code, reason: error.message }, 'platform refused message');
  await recordFailed(message.id, error.message);
}

/** Throughput refusals retry after a second; pair-rate ones back off 4^n seconds (the platform's advice), capped. */
async function pacingDelay(messageId: string, code: number): Promise<number> {
  if (code === 130429) return 1_000;
  const key = redisKey('pair-backoff', messageId);
  const hits = await getRedis().incr(key);
  await getRedis().expire(key, 3600);
  return Math.min(4 ** (hits - 1), 300) * 1000;
}

function recordFailed(messageId: string, errorMessage: string) {
  return recordSendOutcome({ key: messageId, status: 'failed', at: new Date(), errorCode: 'upstream_failure', errorMessage });
}

/**
 * Uploads the message's stored media to the platform once (the media id is kept, so a retry
 * does not upload again) and puts the id into the request body.
 */
async function withMediaUploaded(client: PlatformClient, messageId: string, phoneId: string, body: Record<string, unknown>) {
  if (!JSON.stringify(body).includes(UPLOADED_MEDIA_ID)) return body;
  const media = await db.media.findUniqueOrThrow({ where: { messageId } });
  let platformMediaId = media.platformMediaId;
  if (!platformMediaId) {
    const stored = await getMediaStore().get(media.storageKey);
    if (!stored) throw new Error(`Stored media ${media.storageKey} is missing`);
    const bytes = new Uint8Array(await new Response(stored.stream).arrayBuffer());
    ({ id: platformMediaId } = await client.uploadMedia(phoneId, { bytes, mimeType: media.contentType, filename: media.filename ?? 'file' }));
    await db.media.update({ where: { id: media.id }, data: { platformMediaId } });
  }
  return withUploadedMedia(body, platformMediaId);
}
