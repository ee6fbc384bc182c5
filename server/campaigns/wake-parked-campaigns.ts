import type { DbTx } from '@/server/db';
import { addDispatchJob } from './dispatch-jobs';

/**
 * The portfolio's messaging limit went up: its campaigns parked against the old limit are
 * dispatched again now instead of at `resumes_at` (a dispatch that still finds no allowance
 * parks again). Returns the dispatch jobs' outbox rows.
 */
export async function wakeParkedCampaigns(tx: DbTx, portfolioId: string): Promise<string[]> {
  const parked = await tx.campaign.findMany({
    where: { status: 'processing', resumesAt: { not: null }, account: { portfolioId } },
    select: { id: true },
  });
  return Promise.all(parked.map((campaign) => addDispatchJob(tx, campaign.id)));
}
