import { notifyCallerChange } from '@/server/api-keys/notify-caller-change';
import { markNeedsAttention, type AccountStatusReason } from '@/server/accounts/account-health';
import { failCampaignsOfMessages } from '@/server/campaigns/campaign-transitions';
import { db } from '@/server/db';
import { randomBase62 } from '@/server/db/ids';
import { batchedCalls } from '@/server/db/batched-calls';
import { prismaSql } from '@/server/db/sql';
import { addOutboxJob } from '@/server/outbox';
import { advanceMessageStatuses, type StatusChange } from './advance-message-statuses';

/** What a send job learnt from the platform about a slice of its messages. */
export interface SendResults {
  /** Outcomes: `sent` with the platform's wamid, or `failed`. Keys are message ids. */
  changes: Array<StatusChange & { status: 'sent' | 'failed' }>;
  /** Claims to give back: the platform refused these, so it did not take them. */
  released: string[];
  /** Messages to try again later, as new send jobs written together with the outcomes. */
  retries: Array<{ accountId: string; messageIds: string[]; attempt: number; runAt: Date }>;
  /** Failed because the platform rejected the account's credentials: their campaigns cannot run. */
  credentialsRejected: { messageIds: string[]; reason: string } | null;
  /** A refusal that shows the number itself needs attention (docs/going-live.md, "Number health"). */
  health: { accountId: string; reason: AccountStatusReason } | null;
}

/**
 * Records send results in one transaction: the send jobs finishing at the same time in this
 * worker share it (one UPDATE, one event insert, one fan-out job) instead of one each. A batch
 * that fails is recorded again job by job; a job whose results still fail throws and is
 * retried, finding its claims in doubt, which the platform's statuses settle.
 */
const recordTogether = batchedCalls(async (batches: SendResults[]) => {
  await recordInOneTransaction(batches);
  // /v1/me shows each number's status from the caller cache.
  if (batches.some((batch) => batch.health)) await notifyCallerChange();
}, 4);

async function recordInOneTransaction(batches: SendResults[]): Promise<void> {
  await db.$transaction(async (tx) => {
    const released = batches.flatMap((batch) => batch.released);
    if (released.length > 0) {
      await tx.$executeRaw`
        UPDATE messages SET send_started_at = NULL, updated_at = now() WHERE id = ANY(${released}::text[]) AND status = 'pending'`;
    }
    // Before the failures are counted: a campaign whose every recipient failed would complete first.
    for (const { credentialsRejected, health } of batches) {
      if (credentialsRejected) await failCampaignsOfMessages(tx, credentialsRejected.messageIds, credentialsRejected.reason);
      if (health) await markNeedsAttention(prismaSql(tx), health.accountId, health.reason);
    }
    await advanceMessageStatuses(
      tx,
      'id',
      batches.flatMap((batch) => batch.changes),
    );
    for (const retry of batches.flatMap((batch) => batch.retries)) {
      const data = { accountId: retry.accountId, messageIds: retry.messageIds, attempt: retry.attempt };
      const jobId = `message.send-${retry.messageIds[0]}-retry-${randomBase62(8)}`;
      await addOutboxJob(prismaSql(tx), { queue: 'messages', name: 'message.send', data, jobId, runAt: retry.runAt });
    }
  });
}

export function recordSendResults(results: SendResults): Promise<void> {
  const empty = results.changes.length + results.released.length + results.retries.length === 0;
  return empty ? Promise.resolve() : recordTogether(results);
}
