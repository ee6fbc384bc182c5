import { db } from '@/server/db';
import { dispatchOutboxSoon } from '@/server/outbox';
import { advanceMessageStatuses, type StatusChange } from './advance-message-statuses';

/**
 * The platform's answers to sends, recorded together: the send jobs running at the same time
 * in this worker share one transaction (one UPDATE, one event insert, one fan-out job) instead
 * of one each. Each caller learns its own outcome: the batch committed or it failed, in which
 * case the job retries and finds its claim in doubt, settled by the platform's statuses.
 */
let waiting: Array<{ change: StatusChange; settle: (error?: unknown) => void }> = [];
let scheduled = false;

export function recordSent(messageId: string, wamid: string, at = new Date()): Promise<void> {
  return new Promise((resolve, reject) => {
    waiting.push({ change: { key: messageId, status: 'sent', at, wamid }, settle: (error) => (error ? reject(error) : resolve()) });
    if (!scheduled) {
      scheduled = true;
      setImmediate(() => void flush());
    }
  });
}

async function flush(): Promise<void> {
  const batch = waiting;
  waiting = [];
  scheduled = false;
  try {
    const outboxIds: string[] = [];
    await db.$transaction((tx) => advanceMessageStatuses(tx, 'id', batch.map((w) => w.change), outboxIds));
    await dispatchOutboxSoon(outboxIds);
    for (const w of batch) w.settle();
  } catch (error) {
    for (const w of batch) w.settle(error);
  }
}
