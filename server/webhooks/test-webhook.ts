import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import type { EventName } from '@/server/webhook-events/catalogue';
import { attemptDelivery } from './attempt-delivery';
import { findOwnWebhook } from './get-webhook';
import { sampleSubject } from './sample-event';

/**
 * Sends a sample of the webhook's first event once, now, through the same delivery code as
 * real events (so it is signed and recorded in the history), and reports the outcome.
 * Paused webhooks get it too: checking a receiver before resuming is the point.
 */
export async function testWebhook(orgId: string, id: string, options: { timeoutMs?: number } = {}) {
  const webhook = await findOwnWebhook(orgId, id);
  const event = (webhook.events[0] ?? 'message.received') as EventName;
  const now = new Date();
  const eventId = newId('event');
  const deliveryId = newId('delivery');
  const payload = { id: eventId, event, created_at: now.toISOString(), test: true, ...sampleSubject(event, now) };
  await db.$transaction([
    db.event.create({ data: { id: eventId, orgId, type: event, payload, createdAt: now } }),
    db.webhookDelivery.create({ data: { id: deliveryId, orgId, webhookId: id, eventId, event, nextAttemptAt: now } }),
  ]);
  const outcome = await attemptDelivery(deliveryId, { now, test: true, timeoutMs: options.timeoutMs });
  if (!outcome) throw new Error(`The test delivery ${deliveryId} was not attempted`);
  return {
    delivered: outcome.success,
    status_code: outcome.statusCode,
    duration_ms: outcome.durationMs,
    delivery_id: deliveryId,
    response_body: outcome.responseBody,
    error: outcome.error,
  };
}
