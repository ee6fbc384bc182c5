import { DelayedError, type Job } from 'bullmq';
import { config } from '@/server/config';
import { db } from '@/server/db';
import { logger } from '@/server/logger';
import { getMediaStore } from '@/server/media/storage';
import { healthProblemOf, type AccountStatusReason } from '@/server/accounts/account-health';
import { portfolioAccessToken, UNREADABLE_TOKEN_REASON } from '@/server/accounts/portfolio-token';
import { createPlatformClient, PlatformError, type PlatformClient } from '@/server/platform/client';
import { defaultJobOptions, type JobData } from '@/server/queues';
import { getRedis, redisKey } from '@/server/redis';
import { UPLOADED_MEDIA_ID, withUploadedMedia } from './outgoing-media';
import { recordSendResults, type SendResults } from './record-sends';
import { claimMessages, claimsInDoubt, IN_DOUBT_MS, readSendingAccount, type ClaimedMessage, type SendingAccount } from './send-claims';
import { reserveSendSlots, sendInterval, sliceSize } from './throughput';

/** The platform's throughput (130429) and pair-rate (131056) refusals: wait, don't fail. */
const PACING_CODES = new Set([130429, 131056]);
/** Refusals of the business's token itself: the account's credentials, not the message, are at fault. */
const CREDENTIAL_PROBLEMS = new Set<AccountStatusReason | null>(['token_invalid', 'permission_missing']);
/** Transient refusals are tried this many times in all, backing off 1 s, 2 s, 4 s, … */
const MAX_ATTEMPTS = defaultJobOptions.attempts;
/** Messages the platform could not be reached for within a day are given up as failed. */
const GIVE_UP_AFTER_MS = 24 * 3600_000;
/** A job whose reserved slot is further off than this waits in the queue, not in the worker. */
const MAX_WAIT_IN_JOB_MS = 2_000;

type SendOutcome =
  | { kind: 'sent'; id: string; wamid: string }
  | { kind: 'failed'; id: string; reason: string; health?: AccountStatusReason | null }
  | { kind: 'later'; id: string; release: boolean; delayMs: number; attempt: number };

/**
 * `message.send`: sends a batch of one account's pending messages through the platform, never
 * one twice. The batch reserves its slots on the number's schedule (throughput.ts) and goes
 * out in slices of a tenth of a second's worth, each slice claimed (`send_started_at`) in one
 * statement before its requests and recorded in one transaction after them. Messages that
 * must wait (a transient refusal, a claim in doubt) are written as new send jobs with those
 * results; a message that is no longer pending is left alone.
 */
export async function sendMessagesJob(job: Job, data: JobData<'messages', 'message.send'>, token?: string): Promise<void> {
  const account = await readSendingAccount(data.accountId);
  if (!account) return; // the account is gone, and its messages with it
  const rate = account.throughputPerSec;
  const reserved = data.slotAt !== undefined && data.slotAt > Date.now() - 1_000;
  const startAt = reserved ? (data.slotAt as number) : Date.now() + (await reserveSendSlots(account.phoneId, rate, data.messageIds.length));
  if (startAt - Date.now() > MAX_WAIT_IN_JOB_MS) {
    // A backlog: the slot is kept in the job's data while it waits in the queue.
    await job.updateData({ ...data, slotAt: startAt });
    await job.moveToDelayed(startAt, token);
    throw new DelayedError();
  }

  const accessToken = portfolioAccessToken(account);
  if (accessToken === null) {
    // A sealed token no configured secret opens: refused as a dead token, without asking the platform.
    const claimed = await claimMessages(data.messageIds);
    const failed = claimed.map(({ id }): SendOutcome => ({ kind: 'failed', id, reason: UNREADABLE_TOKEN_REASON, health: 'token_invalid' }));
    await recordSendResults(resultsOf(account, failed));
    return;
  }
  const client = createPlatformClient({ baseUrl: config.PLATFORM_BASE_URL, apiVersion: config.PLATFORM_API_VERSION, accessToken });
  const slice = sliceSize(rate);
  for (let i = 0; i < data.messageIds.length; i += slice) {
    const wait = startAt + i * sendInterval(rate) - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const outcomes = await sendSlice(client, account, data.messageIds.slice(i, i + slice), data.attempt ?? 0);
    await recordSendResults(resultsOf(account, outcomes));
  }
}

async function sendSlice(client: PlatformClient, account: SendingAccount, ids: string[], attempt: number): Promise<SendOutcome[]> {
  const claimed = await claimMessages(ids);
  const claimedIds = new Set(claimed.map((message) => message.id));
  const unclaimed = ids.filter((id) => !claimedIds.has(id));
  // Not claimable: done (nothing to do), or claimed by a send whose outcome is still in doubt.
  const inDoubt = unclaimed.length > 0 ? await claimsInDoubt(unclaimed) : [];
  const waiting: SendOutcome[] = inDoubt.map(({ id, until }) => ({ kind: 'later', id, release: false, delayMs: until - Date.now(), attempt }));
  const byRecipient = new Map<string, ClaimedMessage[]>();
  for (const message of claimed.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))) {
    byRecipient.set(message.phoneNumber, [...(byRecipient.get(message.phoneNumber) ?? []), message]);
  }
  const sent = await Promise.all([...byRecipient.values()].map((messages) => sendInOrder(client, account, messages, attempt)));
  return [...waiting, ...sent.flat()];
}

/**
 * One recipient's messages of a slice (a long reply's parts), one after another: the platform
 * shows them in the order it takes them. Once one must wait, those after it wait with it, in
 * the same retry, rather than overtake it.
 */
async function sendInOrder(client: PlatformClient, account: SendingAccount, messages: ClaimedMessage[], attempt: number) {
  const outcomes: SendOutcome[] = [];
  let blocked: Extract<SendOutcome, { kind: 'later' }> | null = null;
  for (const message of messages) {
    if (blocked) {
      outcomes.push({ kind: 'later', id: message.id, release: true, delayMs: blocked.delayMs, attempt: blocked.attempt });
      continue;
    }
    const outcome = await sendOne(client, account, message, attempt);
    if (outcome.kind === 'later') blocked = outcome;
    outcomes.push(outcome);
  }
  return outcomes;
}

async function sendOne(client: PlatformClient, account: SendingAccount, message: ClaimedMessage, attempt: number): Promise<SendOutcome> {
  let body: Record<string, unknown>;
  try {
    body = await withMediaUploaded(client, message.id, account.phoneId, message.payload);
  } catch (error) {
    if (error instanceof PlatformError) return refused(message, error, attempt);
    // Our side failed before anything was sent (the stored media, say): try again later.
    logger.warn({ err: error, messageId: message.id }, 'send not attempted');
    return attempt + 1 < MAX_ATTEMPTS
      ? { kind: 'later', id: message.id, release: true, delayMs: backoff(attempt), attempt: attempt + 1 }
      : { kind: 'failed', id: message.id, reason: 'The message could not be prepared for sending.' };
  }
  try {
    const { wamid } = await client.sendMessage(account.phoneId, {
      ...body,
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: message.phoneNumber,
      biz_opaque_callback_data: message.id,
    } as Parameters<typeof client.sendMessage>[1]);
    return { kind: 'sent', id: message.id, wamid };
  } catch (error) {
    if (error instanceof PlatformError) return refused(message, error, attempt);
    throw error;
  }
}

const backoff = (attempt: number) => 1_000 * 2 ** attempt;

async function refused(message: ClaimedMessage, error: PlatformError, attempt: number): Promise<SendOutcome> {
  const id = message.id;
  if (error.httpStatus === null) {
    // No answer (network failure, time-out): the platform may have accepted it. Keep the claim
    // and come back after the in-doubt wait, when its statuses will have adopted it if it did.
    if (Date.now() - message.createdAt.getTime() < GIVE_UP_AFTER_MS) return { kind: 'later', id, release: false, delayMs: IN_DOUBT_MS, attempt };
    return { kind: 'failed', id, reason: 'The platform could not be reached for 24 hours.' };
  }
  // The platform answered with a refusal, so it did not take the message: the claim is given back.
  if (PACING_CODES.has(error.code)) return { kind: 'later', id, release: true, delayMs: await pacingDelay(id, error.code), attempt };
  if (error.retryable && attempt + 1 < MAX_ATTEMPTS) return { kind: 'later', id, release: true, delayMs: backoff(attempt), attempt: attempt + 1 };
  logger.warn({ messageId: id, code: error.code, reason: error.message }, 'platform refused message');
  return { kind: 'failed', id, reason: error.message, health: healthProblemOf(error.code) };
}

/** Throughput refusals retry after a second; pair-rate ones back off 4^n seconds (the platform's advice), capped. */
async function pacingDelay(messageId: string, code: number): Promise<number> {
  if (code === 130429) return 1_000;
  const key = redisKey('pair-backoff', messageId);
  const hits = await getRedis().incr(key);
  await getRedis().expire(key, 3600);
  return Math.min(4 ** (hits - 1), 300) * 1000;
}

/** The outcomes as results to record; messages waiting for the same second and attempt share a job. */
function resultsOf(account: SendingAccount, outcomes: SendOutcome[]): SendResults {
  const at = new Date();
  const results: SendResults = { changes: [], released: [], retries: [], credentialsRejected: null, health: null };
  const later = new Map<string, { runAt: Date; attempt: number; messageIds: string[] }>();
  const rejected: string[] = [];
  let rejection = '';
  for (const outcome of outcomes) {
    if (outcome.kind === 'sent') {
      results.changes.push({ key: outcome.id, status: 'sent', at, wamid: outcome.wamid });
    } else if (outcome.kind === 'failed') {
      results.changes.push({ key: outcome.id, status: 'failed', at, errorCode: 'upstream_failure', errorMessage: outcome.reason });
      if (outcome.health) results.health = { accountId: account.id, reason: outcome.health };
      if (CREDENTIAL_PROBLEMS.has(outcome.health ?? null)) {
        rejected.push(outcome.id);
        rejection = outcome.reason;
      }
    } else {
      if (outcome.release) results.released.push(outcome.id);
      const runAt = new Date(Math.ceil((at.getTime() + Math.max(1, outcome.delayMs)) / 1000) * 1000);
      const key = `${runAt.getTime()}/${outcome.attempt}`;
      const group = later.get(key) ?? { runAt, attempt: outcome.attempt, messageIds: [] };
      group.messageIds.push(outcome.id);
      later.set(key, group);
    }
  }
  results.retries = [...later.values()].map((group) => ({ accountId: account.id, ...group }));
  if (rejected.length > 0) {
    results.credentialsRejected = {
      messageIds: rejected,
      reason: `The platform rejected the credentials of account ${account.name}: ${rejection}`,
    };
  }
  return results;
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
