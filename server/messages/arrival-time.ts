import { Prisma, type DbTx } from '@/server/db';

/**
 * When a platform message (a customer's, an echo, a system note) is listed (docs/messaging-api.md
 * §12 "Arrival order"): the platform's timestamp, which has whole seconds, plus its place among
 * the contact's messages of that second by arrival, a millisecond apart. Every list ordered by
 * (created_at, id), keyset paging included, and `last_message` then keep the order the messages
 * arrived in with nothing else to sort by.
 *
 * `arrival` is when our endpoint received the webhook (its stored time, then the message's index
 * in it), as a string that sorts: webhooks are processed concurrently, so a message may be stored
 * after one that arrived later; it then takes that one's place and the later ones of the second
 * move a millisecond on. Messages we wrote ourselves arrived when they were created. The
 * contact's row is locked first, so one contact's messages are placed one at a time.
 */
export async function arrivalTime(tx: DbTx, contactId: string, second: Date, arrival: string): Promise<Date> {
  const start = new Date(Math.floor(second.getTime() / 1000) * 1000);
  const end = new Date(start.getTime() + 1000);
  // Raw SQL: a row lock and a read of a JSON field the ORM cannot select.
  await tx.$executeRaw(Prisma.sql`SELECT 1 FROM contacts WHERE id = ${contactId} FOR UPDATE`);
  const rows = await tx.$queryRaw<{ id: string; created_at: Date; arrival: string | null }[]>(
    Prisma.sql`SELECT id, created_at, payload->>'arrival' AS arrival FROM messages
                WHERE contact_id = ${contactId} AND created_at >= ${start} AND created_at < ${end}
                ORDER BY created_at, id`,
  );
  const arrivedAt = (row: (typeof rows)[number]) => row.arrival ?? row.created_at.toISOString();
  const later = rows.filter((row) => arrivedAt(row) > arrival);
  const first = later[0];
  if (first) {
    await tx.$executeRaw(
      Prisma.sql`UPDATE messages SET created_at = created_at + interval '1 millisecond' WHERE id = ANY(${later.map((row) => row.id)})`,
    );
    return first.created_at;
  }
  const last = rows.at(-1);
  return last ? new Date(last.created_at.getTime() + 1) : start;
}

/** A message's arrival: its webhook's receipt time, then its index in the webhook (see arrivalTime). */
export const arrivalOf = (receivedAt: Date, index: number) => `${receivedAt.toISOString()}#${String(index).padStart(4, '0')}`;
