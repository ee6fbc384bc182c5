import { db } from '@/server/db';
import { addDispatchJob, addStartJob } from './dispatch-jobs';

/** How long a campaign that should be moving may go unchanged before the sweep wakes it. */
const STALE_MS = 60_000;

/**
 * The safety net under the campaign jobs (`campaigns.sweep`, every minute). A campaign whose
 * wake-up job is gone (its attempts ran out while the database was down, say) would otherwise
 * wait forever: each one that should be moving and has not changed for a minute gets a new
 * start or dispatch job. A healthy campaign is touched every second (its counters are
 * recounted), and running a wake-up twice is harmless (see dispatch-jobs.ts). Returns how
 * many were woken.
 */
export async function sweepCampaigns(now = new Date()): Promise<number> {
  const stale = new Date(now.getTime() - STALE_MS);
  return db.$transaction(async (tx) => {
    const stuck = await tx.campaign.findMany({
      where: {
        OR: [
          { status: 'processing', updatedAt: { lt: stale }, OR: [{ resumesAt: null }, { resumesAt: { lt: stale } }] },
          { status: 'scheduled', scheduledAt: { lt: stale }, updatedAt: { lt: stale } },
        ],
      },
      select: { id: true, status: true, scheduledAt: true },
    });
    for (const campaign of stuck) {
      if (campaign.status === 'scheduled') await addStartJob(tx, campaign.id, campaign.scheduledAt ?? now);
      else await addDispatchJob(tx, campaign.id);
    }
    return stuck.length;
  });
}
