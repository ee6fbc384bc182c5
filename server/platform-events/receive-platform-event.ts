import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { addOutboxJob, dispatchOutboxSoon } from '@/server/outbox';

/**
 * Stores a signature-checked platform webhook and its processing job in one transaction,
 * then hands the job to the queue. The HTTP handler answers as soon as this returns; the
 * worker does the rest, so the platform's webhook is acknowledged quickly.
 */
export async function receivePlatformEvent(body: object): Promise<string> {
  const id = newId('platformEvent');
  const outboxId = await db.$transaction(async (tx) => {
    await tx.platformEvent.create({ data: { id, body } });
    return addOutboxJob(tx, {
      queue: 'platform-events',
      name: 'platform-event.process',
      data: { platformEventId: id },
      jobId: `platform-event-${id}`,
    });
  });
  await dispatchOutboxSoon([outboxId]);
  return id;
}
