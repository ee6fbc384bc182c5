import type { DbTx } from '@/server/db';
import { randomBase62 } from '@/server/db/ids';
import { prismaSql } from '@/server/db/sql';
import { addOutboxJob } from '@/server/outbox';

/**
 * Campaign jobs go through the outbox, in the transaction that needs them. Each wake-up gets
 * its own job id (outbox job ids are unique, and a campaign can park or be re-armed for the
 * same time twice); a job handed over twice still runs once, and running two wake-ups is
 * harmless: starting is a conditional `scheduled → processing` update and dispatching hands
 * off only pending recipients under the campaign's row lock.
 */
const wakeUpId = (kind: string, campaignId: string, at: Date) => `campaign.${kind}-${campaignId}-${at.getTime()}-${randomBase62(6)}`;

export function addDispatchJob(tx: DbTx, campaignId: string, runAt?: Date): Promise<string> {
  const at = runAt ?? new Date();
  return addOutboxJob(prismaSql(tx), {
    queue: 'campaigns',
    name: 'campaign.dispatch',
    data: { campaignId },
    jobId: wakeUpId('dispatch', campaignId, at),
    runAt,
  });
}

export function addStartJob(tx: DbTx, campaignId: string, scheduledAt: Date): Promise<string> {
  return addOutboxJob(prismaSql(tx), {
    queue: 'campaigns',
    name: 'campaign.start',
    data: { campaignId },
    jobId: wakeUpId('start', campaignId, scheduledAt),
    runAt: scheduledAt,
  });
}
