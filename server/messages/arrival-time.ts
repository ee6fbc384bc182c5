import { Prisma, type DbTx } from '@/server/db';

/**
 * When a platform message (a customer's, an echo, a system note) is listed: the platform's
 * timestamp, which has whole seconds, plus its arrival within that second (docs/messaging-api.md
 * §6 "Arrival order"). Five messages sent in one second are stored a millisecond apart in the
 * order they arrived, so every list ordered by (created_at, id), keyset paging included, and
 * `last_message` keep that order with nothing else to sort by. Called after the contact row is
 * locked (its upsert), so one contact's messages are placed one at a time.
 */
export async function arrivalTime(tx: DbTx, accountId: string, second: Date): Promise<Date> {
  const start = new Date(Math.floor(second.getTime() / 1000) * 1000);
  const end = new Date(start.getTime() + 1000);
  // Raw SQL: max() over the account's (account_id, created_at) index, a range the ORM would read row by row.
  const [row] = await tx.$queryRaw<{ latest: Date | null }[]>(
    Prisma.sql`SELECT max(created_at) AS latest FROM messages WHERE account_id = ${accountId} AND created_at >= ${start} AND created_at < ${end}`,
  );
  if (!row?.latest) return start;
  // A second with a thousand messages already: the rest share its last millisecond, and their ids order them.
  return new Date(Math.min(row.latest.getTime() + 1, end.getTime() - 1));
}
