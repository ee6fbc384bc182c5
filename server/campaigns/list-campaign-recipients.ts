import { afterOldestFirst, decodeCursor, toPage } from '@/server/api/paging';
import { db, type RecipientStatus } from '@/server/db';
import { findCampaign } from './find-campaign';
import { presentRecipient, recipientInclude } from './present-campaign';

/** A campaign's recipients, oldest batch first, optionally of one status. */
export async function listCampaignRecipients(
  orgId: string,
  campaignId: string,
  { status, limit, cursor }: { status?: RecipientStatus; limit: number; cursor?: string },
) {
  await findCampaign(orgId, campaignId);
  const after = decodeCursor(`campaign-recipients-${campaignId}`, cursor);
  const rows = await db.campaignRecipient.findMany({
    where: { campaignId, ...(status ? { status } : {}), ...afterOldestFirst('createdAt', after) },
    include: recipientInclude,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: limit + 1,
  });
  return toPage(`campaign-recipients-${campaignId}`, rows, limit, (row) => ({ at: row.createdAt, id: row.id }), presentRecipient);
}
