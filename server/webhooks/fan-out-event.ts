import { db, type DbTx } from '@/server/db';
import { newId } from '@/server/db/ids';
import { announceEventOnce } from '@/server/live/announce-event';
import { addOutboxJob, dispatchOutboxSoon } from '@/server/outbox';

interface Target {
  webhookId: string | null;
  targetUrl: string | null;
}

/**
 * Announces the event to open dashboards, then creates one delivery per active webhook subscribed to the event, plus, for `button.reply`, one to
 * the tapped message's `callback_url`; each with the job of its first attempt. Running it
 * twice creates nothing new: existing deliveries are skipped, and the unique
 * (webhook, event) index turns a racing run into a retry that then finds them.
 */
export async function fanOutEvent(eventId: string): Promise<number> {
  const event = await db.event.findUnique({ where: { id: eventId } });
  if (!event) return 0;
  await announceEventOnce({ id: event.id, orgId: event.orgId, type: event.type, payload: event.payload });
  const webhooks = await db.webhook.findMany({
    where: { orgId: event.orgId, isActive: true, events: { has: event.type } },
    select: { id: true },
  });
  const targets: Target[] = webhooks.map((w) => ({ webhookId: w.id, targetUrl: null }));
  const callbackUrl = event.type === 'button.reply' ? await callbackUrlOf(event.orgId, event.payload) : null;
  if (callbackUrl) targets.push({ webhookId: null, targetUrl: callbackUrl });
  if (targets.length === 0) return 0;

  const now = new Date();
  const outboxIds = await db.$transaction(async (tx) => {
    const existing = await tx.webhookDelivery.findMany({ where: { eventId }, select: { webhookId: true, targetUrl: true } });
    const ids: string[] = [];
    for (const target of targets) {
      if (existing.some((e) => e.webhookId === target.webhookId && e.targetUrl === target.targetUrl)) continue;
      ids.push(await createDelivery(tx, { ...target, orgId: event.orgId, eventId, event: event.type, now }));
    }
    return ids;
  });
  await dispatchOutboxSoon(outboxIds);
  return outboxIds.length;
}

async function createDelivery(tx: DbTx, input: Target & { orgId: string; eventId: string; event: string; now: Date }) {
  const id = newId('delivery');
  await tx.webhookDelivery.create({
    data: {
      id, orgId: input.orgId, webhookId: input.webhookId, targetUrl: input.targetUrl,
      eventId: input.eventId, event: input.event, nextAttemptAt: input.now, createdAt: input.now,
    },
  });
  return addOutboxJob(tx, { queue: 'webhooks', name: 'delivery.attempt', data: { deliveryId: id }, jobId: `delivery.attempt-${id}-1` });
}

async function callbackUrlOf(orgId: string, payload: unknown): Promise<string | null> {
  const messageId = (payload as { in_reply_to?: { message_id?: unknown } }).in_reply_to?.message_id;
  if (typeof messageId !== 'string') return null;
  const message = await db.message.findFirst({ where: { id: messageId, orgId }, select: { callbackUrl: true } });
  return message?.callbackUrl ?? null;
}
