import { DelayedError, type Job } from 'bullmq';
import { config } from '@/server/config';
import { db } from '@/server/db';
import { getPgPool } from '@/server/db/pg';
import { logger } from '@/server/logger';
import { getMediaStore } from '@/server/media/storage';
import { dispatchOutboxSoon } from '@/server/outbox';
import { createPlatformClient, PlatformError, type PlatformClient } from '@/server/platform/client';
import type { JobData } from '@/server/queues';
import { getRedis, redisKey } from '@/server/redis';
import { advanceMessageStatuses } from './advance-message-statuses';
import { UPLOADED_MEDIA_ID, withUploadedMedia } from './outgoing-media';
import { recordSent } from './record-sends';
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

interface MessageToSend {
  id: string;
  status: string;
  direction: string;
  sendStartedAt: Date | null;
  createdAt: Date;
  payload: Record<string, unknown>;
  phoneNumber: string;
  phoneId: string;
  throughputPerSec: number;
  accessToken: string | null;
}

/** The message with what sending it needs, in one prepared statement (this runs per message). */
async function loadMessage(id: string): Promise<MessageToSend | null> {
  const { rows } = await getPgPool().query<MessageToSend>({
    name: 'send-job-load',
    text: `SELECT m.id, m.status, m.direction, m.send_started_at AS "sendStartedAt", m.created_at AS "createdAt", m.payload,
                  c.phone_number AS "phoneNumber", a.phone_id AS "phoneId", a.throughput_per_sec AS "throughputPerSec",
                  p.access_token AS "accessToken"
           FROM messages m JOIN contacts c ON c.id = m.contact_id JOIN accounts a ON a.id = m.account_id
           JOIN business_portfolios p ON p.id = a.portfolio_id
           WHERE m.id = $1`,
    values: [id],
  });
  return rows[0] ?? null;
}

/** Marks the send as started, unless another worker did since `seen` was read. */
async function claim(message: MessageToSend): Promise<boolean> {
  const { rowCount } = await getPgPool().query({
    name: 'send-job-claim',
    text: `UPDATE messages SET send_started_at = now(), updated_at = now()
           WHERE id = $1 AND status = 'pending' AND send_started_at IS NOT DISTINCT FROM $2`,
    values: [message.id, message.sendStartedAt],
  });
  return rowCount === 1;
}

/**
 * Sends one pending message through the platform, never twice: the message is claimed
 * (`send_started_at`) before the request, a claim whose outcome is unknown waits for the
 * platform's statuses, and a message that is no longer pending is left alone.
 */
export async function sendMessageJob(job: Job, data: JobData<'messages', 'message.send'>, token?: string): Promise<void> {
  const message = await loadMessage(data.messageId);
  if (!message || message.status !== 'pending' || message.direction !== 'outgoing') return;
  if (message.sendStartedAt && Date.now() - message.sendStartedAt.getTime() < IN_DOUBT_MS) {
    return delay(job, token, message.sendStartedAt.getTime() + IN_DOUBT_MS - Date.now());
  }
  const wait = await takeSendSlot(message.phoneId, message.throughputPerSec);
  if (wait > 0) return delay(job, token, wait);
  if (!(await claim(message))) return; // another worker claimed it

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
  await recordSent(message.id, wamid);
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
  await db.message.updateMany({ where: { id: message.id, status: 'pending' }, data: { sendStartedAt: null } });
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

async function recordFailed(messageId: string, errorMessage: string) {
  const outboxIds: string[] = [];
  const change = { key: messageId, status: 'failed' as const, at: new Date(), errorCode: 'upstream_failure', errorMessage };
  await db.$transaction((tx) => advanceMessageStatuses(tx, 'id', [change], outboxIds));
  await dispatchOutboxSoon(outboxIds);
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
