import type { DbTx, Prisma } from '@/server/db';
import { newId } from '@/server/db/ids';
import { addOutboxJob } from '@/server/outbox';
import type { EventName } from './catalogue';

/**
 * Records an event in the same transaction as the change it announces, with the job that
 * fans it out to webhooks and callback URLs. Nothing is lost if Redis is down: the outbox
 * relay hands the job over later. Returns the event id and the outbox row to dispatch.
 */
export async function publishEvent(
  tx: DbTx,
  orgId: string,
  event: EventName,
  subject: Prisma.InputJsonObject,
): Promise<{ eventId: string; outboxId: string }> {
  const eventId = newId('event');
  const createdAt = new Date();
  const payload = { id: eventId, event, created_at: createdAt.toISOString(), ...subject };
  await tx.event.create({ data: { id: eventId, orgId, type: event, payload, createdAt } });
  const outboxId = await addOutboxJob(tx, {
    queue: 'webhooks',
    name: 'event.fan-out',
    data: { eventId },
    jobId: `event.fan-out-${eventId}`,
  });
  return { eventId, outboxId };
}
