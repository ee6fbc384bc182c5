import { db, Prisma } from '@/server/db';
import { newId } from '@/server/db/ids';
import { addOutboxJob, dispatchOutboxSoon } from '@/server/outbox';
import { attemptTimeoutMs, nextAttemptAt } from './delivery-schedule';
import { disableFailingWebhook } from './disable-failing-webhook';
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

/**
 * Makes the next attempt of a pending delivery, records it, and schedules the following one
 * (through the outbox, so it is not lost) or ends the chain. Idempotent: a delivery that is
 * not pending or not yet due is left alone, and an attempt number is recorded once.
 */
export async function attemptDelivery(deliveryId: string, options: AttemptOptions = {}): Promise<AttemptOutcome | null> {
  const { now = new Date(), timeoutMs = attemptTimeoutMs, test = false } = options;
  const delivery = await db.webhookDelivery.findUnique({
    where: { id: deliveryId },
    include: {
      webhook: { select: { url: true, headers: true, isActive: true, secret: true } },
      eventRow: { select: { payload: true } },
    },
  });
  if (!delivery || delivery.state !== 'pending') return null;
  if (delivery.nextAttemptAt && delivery.nextAttemptAt.getTime() > now.getTime() + earlyToleranceMs) return null;
  if (delivery.webhook && !delivery.webhook.isActive && !test) {
    // A paused webhook gets no deliveries; its pending chains end here.
    await db.webhookDelivery.update({ where: { id: deliveryId }, data: { state: 'failed', nextAttemptAt: null } });
    return null;
  }
  const url = delivery.webhook?.url ?? delivery.targetUrl;
  if (!url) return null;

  const last = await db.webhookDeliveryAttempt.aggregate({ where: { deliveryId }, _max: { attempt: true } });
  const attempt = (last._max.attempt ?? 0) + 1;
  const body = JSON.stringify(delivery.eventRow.payload);
  const result = await sendDelivery({
    url, body, deliveryId, now, timeoutMs,
    secret: delivery.webhook?.secret ?? null,
    headers: (delivery.webhook?.headers ?? {}) as Record<string, string>,
  });

  const attemptsMade = delivery.attemptCount + 1;
  const gone = result.statusCode === 410 && delivery.webhookId !== null;
  const next = result.success || gone || test ? null : nextAttemptAt(now, attemptsMade);
  const state = result.success ? 'succeeded' : next ? 'pending' : 'failed';
  try {
    const outboxId = await db.$transaction(async (tx) => {
      await tx.webhookDeliveryAttempt.create({
        data: {
          id: newId('attempt'), deliveryId, webhookId: delivery.webhookId, event: delivery.event, attempt,
          statusCode: result.statusCode, success: result.success, durationMs: result.durationMs,
          requestBody: body, responseBody: result.responseBody, error: result.error, createdAt: now,
        },
      });
      await tx.webhookDelivery.update({ where: { id: deliveryId }, data: { attemptCount: attemptsMade, state, nextAttemptAt: next } });
      if (!next) return null;
      return addOutboxJob(tx, {
        queue: 'webhooks', name: 'delivery.attempt', data: { deliveryId }, jobId: `delivery.attempt-${deliveryId}-${attempt + 1}`, runAt: next,
      });
    });
    if (outboxId) await dispatchOutboxSoon([outboxId]);
  } catch (error) {
    // Another run of this job recorded this attempt first.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return null;
    throw error;
  }
  if (delivery.webhookId && !test && (gone || state === 'failed')) {
    await disableFailingWebhook(delivery.webhookId, { now, gone });
  }
  return { ...result, deliveryId, attempt, state };
}
