import { db } from '@/server/db';
import { logger } from '@/server/logger';
import { endActiveHandoff } from './work-handoffs';

/**
 * Ends handoffs nobody on staff wrote in for `expire_after_hours` (agent-api.md §1.7), on the
 * runs' reconciler's beat: the AI answers the customer's next message. Each is ended under its
 * session's lock and only if still due, so a staff reply that just came in keeps it.
 */
export async function expireHandoffs(now = new Date()): Promise<number> {
  const due = await db.agentHandoff.findMany({
    where: { status: { in: ['open', 'assigned'] }, expiresAt: { lt: now } },
    select: { id: true, sessionId: true },
    take: 500,
  });
  let expired = 0;
  for (const handoff of due) {
    if (await endActiveHandoff(handoff.sessionId, { status: 'expired' }, { handoffId: handoff.id })) expired += 1;
  }
  if (expired > 0) logger.info({ expired }, 'handoffs expired');
  return expired;
}
