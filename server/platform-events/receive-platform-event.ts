import { createHash } from 'node:crypto';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { prismaSql } from '@/server/db/sql';
import { addOutboxJob } from '@/server/outbox';

/**
 * Stores a signature-checked platform webhook, as received, and its processing job in one
 * transaction. The HTTP handler answers as soon as this returns; the worker does the rest, so
 * the platform's webhook is acknowledged quickly. The same body again (a replay, a retry of a
 * webhook we stored but whose answer was lost) is not stored twice: returns null then.
 */
export async function receivePlatformEvent(payload: string): Promise<string | null> {
  const id = newId('platformEvent');
  const payloadSha256 = createHash('sha256').update(payload).digest('hex');
  return db.$transaction(async (tx) => {
    const { count } = await tx.platformEvent.createMany({ data: [{ id, payload, payloadSha256 }], skipDuplicates: true });
    if (count === 0) return null;
    await addOutboxJob(prismaSql(tx), {
      queue: 'platform-events',
      name: 'platform-event.process',
      data: { platformEventId: id },
      jobId: `platform-event-${id}`,
    });
    return id;
  });
}
