import { db } from '@/server/db';
import { batchedCalls } from '@/server/db/batched-calls';
import { dispatchOutboxSoon } from '@/server/outbox';
import { advanceMessageStatuses, type StatusChange } from './advance-message-statuses';

/**
 * The outcomes of sends (the platform's answer, or its refusal), recorded together: the send
 * jobs finishing at the same time in this worker share one transaction (one UPDATE, one event
 * insert, one fan-out job) instead of one each. A batch that fails is recorded again send by
 * send; a send whose outcome still fails retries its job, which finds the claim in doubt,
 * settled by the platform's statuses.
 */
const recordTogether = batchedCalls(async (changes: StatusChange[]) => {
  const outboxIds: string[] = [];
  await db.$transaction((tx) => advanceMessageStatuses(tx, 'id', changes, outboxIds));
  await dispatchOutboxSoon(outboxIds);
}, 4);

/** Records a send's outcome on its message (`change.key` is the message id). */
export function recordSendOutcome(change: StatusChange & { status: 'sent' | 'failed' }): Promise<void> {
  return recordTogether(change);
}
