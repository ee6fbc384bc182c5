import type { Prisma } from '@/server/db';
import { newId } from '@/server/db/ids';
import type { EventName } from '@/server/webhook-events/catalogue';
import { findOwnWebhook } from './get-webhook';
import { sampleSubject } from './sample-event';
import { sendTestDelivery } from './send-test-delivery';

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
  const payload = { id: eventId, event, created_at: now.toISOString(), test: true, ...sampleSubject(event, now) };
  const outcome = await sendTestDelivery({
    orgId,
    receiver: { webhookId: id },
    eventId,
    type: event,
    payload: payload as Prisma.InputJsonObject,
    now,
    timeoutMs: options.timeoutMs,
  });
  return {
    delivered: outcome.success,
    status_code: outcome.statusCode,
    duration_ms: outcome.durationMs,
    delivery_id: outcome.deliveryId,
    response_body: outcome.responseBody,
    error: outcome.error,
  };
}
