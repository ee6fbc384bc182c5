import type { DbTx } from '@/server/db';
import { addDispatchJob } from './dispatch-jobs';

/**
 * The portfolio's messaging limit went up: its campaigns parked against the old limit are
 * dispatched again now instead of at `resumes_at` (a dispatch that still finds no allowance
 * parks again).
 */
export async function wakeParkedCampaigns(tx: DbTx, portfolioId: string): Promise<void> {
  const parked = await tx.campaign.findMany({
    where: { status: 'processing', resumesAt: { not: null }, account: { portfolioId } },
    select: { id: true },
  });
  for (const campaign of parked) await addDispatchJob(tx, campaign.id);
}
