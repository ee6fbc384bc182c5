import { db, type Db, type DbTx } from '@/server/db';

/**
 * Every dashboard JWT carries the user's session version from when they signed in; a session
 * whose version is no longer the user's is over. One indexed read per request (by primary key)
 * keeps the check exact on every web instance, with no cache to invalidate.
 */
export async function currentSessionVersion(userId: string): Promise<number | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { sessionVersion: true } });
  return user?.sessionVersion ?? null;
}

/** Ends every dashboard session of the user at once (sign-out, removed membership, new password). */
export async function endSessions(userId: string, tx: Db | DbTx = db): Promise<void> {
  await tx.user.updateMany({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
}
