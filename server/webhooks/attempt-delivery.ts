import { batchedCalls } from '@/server/db/batched-calls';
import { newId } from '@/server/db/ids';
import { getPgPool, pgTransaction } from '@/server/db/pg';
import { addOutboxJobs } from '@/server/outbox';
import { attemptJobs, receiverOf } from './attempt-jobs';
import { attemptTimeoutMs, nextAttemptAt } from './delivery-schedule';
import { failDeliveries, loadDeliveries, recordAttempts, type AttemptRecord, type DeliveryRow } from './delivery-rows';
import { disableFailingWebhook, disableGoneAgentEndpoints } from './disable-failing-webhook';
import { sendDelivery, type DeliveryResult } from './send-delivery';

export interface AttemptOptions {
  /** The clock, injectable so tests can walk the retry schedule. */
  now?: Date;
  timeoutMs?: number;
  /** A test send: made even when the webhook is paused, never retried, never a reason to switch it off. */
  test?: boolean;
}

export type AttemptOutcome = DeliveryResult & { deliveryId: string; attempt: number; state: 'pending' | 'succeeded' | 'failed' };

// A job may fire a little before the row's due time; anything earlier is a stale duplicate.
const earlyToleranceMs = 1_000;

/** The next attempt of one pending delivery: see attemptDeliveries. */
export async function attemptDelivery(deliveryId: string, options: AttemptOptions = {}): Promise<AttemptOutcome | null> {
  const [outcome] = await attemptDeliveries([deliveryId], options);
  return outcome ?? null;
}

/**
 * Makes the next attempt of each pending delivery, all at once, records them, and schedules
 * the following ones (through the outbox, so they are not lost) or ends the chains.
 * Idempotent: a delivery that is not pending or not yet due is left alone, and an attempt
 * number is recorded once. Returns each delivery's outcome, in order: null where none was
 * made, or where another run recorded it first.
 */
export async function attemptDeliveries(deliveryIds: string[], options: AttemptOptions = {}): Promise<Array<AttemptOutcome | null>> {
  const { now = new Date(), timeoutMs = attemptTimeoutMs, test = false } = options;
  const loaded = await loadTogether(deliveryIds);
  const due: Array<DeliveryRow & { url: string }> = [];
  const paused: string[] = [];
  for (const id of new Set(deliveryIds)) {
    const row = loaded.get(id);
    if (!row || row.state !== 'pending') continue;
    if (row.nextAttemptAt && row.nextAttemptAt.getTime() > now.getTime() + earlyToleranceMs) continue;
    const url = row.url ?? row.targetUrl;
    // A paused webhook (or disabled agent endpoint) gets no deliveries; its pending chains end here.
    if ((row.webhookId || row.agentEndpointId) && !row.isActive && !test) paused.push(row.id);
    else if (url) due.push({ ...row, url });
  }
  if (paused.length > 0) await failDeliveries(paused);

  const made = await Promise.all(
    due.map(async (delivery) => {
      const body = JSON.stringify(delivery.payload);
      const result = await sendDelivery({
        url: delivery.url,
        body,
        deliveryId: delivery.id,
        now,
        timeoutMs,
        secret: delivery.secret,
        headers: delivery.headers ?? {},
        customerUrl: delivery.agentEndpointId !== null,
      });
      return { result, record: attemptRecord(delivery, result, body, now, test) };
    }),
  );
  const recorded = made.length > 0 ? await recordTogether(made.map((m) => m.record)) : new Set<string>();
  const ours = made.filter(({ record }) => recorded.has(record.deliveryId));

  if (!test)
    await switchOffFailingWebhooks(
      ours.map((m) => m.record),
      now,
    );
  const outcomes = new Map(
    ours.map(({ result, record }) => [
      record.deliveryId,
      { ...result, deliveryId: record.deliveryId, attempt: record.attempt, state: record.state },
    ]),
  );
  return deliveryIds.map((id) => outcomes.get(id) ?? null);
}

type MadeAttempt = AttemptRecord & { receiver: string; agentEndpointId: string | null };

/**
 * A 410 switches its webhook, or agent webhook endpoint, off at once; a chain that ran out of
 * retries may, if its webhook has failed for long.
 */
async function switchOffFailingWebhooks(records: MadeAttempt[], now: Date): Promise<void> {
  const gone = new Map<string, boolean>();
  for (const r of records) {
    if (r.webhookId && (r.statusCode === 410 || r.state === 'failed'))
      gone.set(r.webhookId, r.statusCode === 410 || (gone.get(r.webhookId) ?? false));
  }
  for (const [webhookId, answeredGone] of gone) await disableFailingWebhook(webhookId, { now, gone: answeredGone });
  const goneEndpoints = records.filter((r) => r.agentEndpointId && r.statusCode === 410).map((r) => r.agentEndpointId!);
  if (goneEndpoints.length > 0) await disableGoneAgentEndpoints([...new Set(goneEndpoints)]);
}

/** The attempt as recorded, and where its delivery goes next: done, failed, or retried on the schedule. */
function attemptRecord(delivery: DeliveryRow, result: DeliveryResult, body: string, now: Date, test: boolean): MadeAttempt {
  const attemptCount = delivery.attemptCount + 1;
  const gone = result.statusCode === 410 && (delivery.webhookId !== null || delivery.agentEndpointId !== null);
  const next = result.success || gone || test ? null : nextAttemptAt(now, attemptCount);
  return {
    id: newId('attempt'),
    deliveryId: delivery.id,
    webhookId: delivery.webhookId,
    event: delivery.event,
    attempt: (delivery.lastAttempt ?? 0) + 1,
    statusCode: result.statusCode,
    success: result.success,
    durationMs: result.durationMs,
    requestBody: body,
    responseBody: result.responseBody,
    error: result.error,
    createdAt: now,
    attemptCount,
    state: result.success ? 'succeeded' : next ? 'pending' : 'failed',
    nextAttemptAt: next,
    receiver: receiverOf(delivery),
    agentEndpointId: delivery.agentEndpointId,
  };
}

// Attempt jobs running at once share their statements: under load, one read and one write serve many jobs.
const loadTogether = batchedCalls(async (idLists: string[][]) => {
  const rows = await loadDeliveries([...new Set(idLists.flat())]);
  return new Map(rows.map((row) => [row.id, row]));
}, 3);
// The same delivery twice (one job run twice at once) is recorded once.
const recordTogether = batchedCalls((lists: MadeAttempt[][]) => record([...new Map(lists.flat().map((r) => [r.deliveryId, r])).values()]), 3);

/**
 * Records the attempts; the retries of those this run recorded are scheduled in the same
 * transaction, one job per receiver and due time. Returns the ids of the deliveries recorded.
 */
async function record(records: MadeAttempt[]): Promise<Set<string>> {
  if (records.every((r) => r.nextAttemptAt === null)) return recordAttempts(getPgPool(), records);
  return pgTransaction(async (client) => {
    const recorded = await recordAttempts(client, records);
    const retries = records.filter((r) => r.nextAttemptAt && recorded.has(r.deliveryId));
    await addOutboxJobs(
      client,
      attemptJobs(retries.map((r) => ({ deliveryId: r.deliveryId, receiver: r.receiver, attempt: r.attempt + 1, runAt: r.nextAttemptAt }))),
    );
    return recorded;
  });
}
