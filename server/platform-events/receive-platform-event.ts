import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { addOutboxJob } from '@/server/outbox';

/**
 * Stores a signature-checked platform webhook and its processing job in one transaction. The
 * HTTP handler answers as soon as this returns; the worker does the rest, so the platform's
 * webhook is acknowledged quickly.
 */
export async function receivePlatformEvent(body: object): Promise<string> {
  const id = newId('platformEvent');
  await db.$transaction(async (tx) => {
    await tx.platformEvent.create({ data: { id, body } });
    await addOutboxJob(tx, {
      queue: 'platform-events',
      name: 'platform-event.process',
      data: { platformEventId: id },
      jobId: `platform-event-${id}`,
    });
  });
  return id;
}
