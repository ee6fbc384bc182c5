import { afterNewestFirst, decodeCursor, toPage } from '@/server/api/paging';
import { db, type CampaignStatus } from '@/server/db';
import { findCampaign } from './find-campaign';
import { campaignInclude, presentCampaign } from './present-campaign';
import { whereCampaignDisplayStatus, type CampaignDisplayStatus } from './present-campaign-status';

export async function getCampaign(orgId: string, id: string) {
  return presentCampaign(await findCampaign(orgId, id));
}

/** The organization's campaigns, newest first, optionally of one stored status (the API) or one shown status (the dashboard). */
export async function listCampaigns(
  orgId: string,
  { status, shownStatus, limit, cursor }: { status?: CampaignStatus; shownStatus?: CampaignDisplayStatus; limit: number; cursor?: string },
) {
  const after = decodeCursor('campaigns', cursor);
  const rows = await db.campaign.findMany({
    where: {
      orgId,
      ...(status ? { status } : {}),
      ...(shownStatus ? whereCampaignDisplayStatus(shownStatus) : {}),
      ...afterNewestFirst('createdAt', after),
    },
    include: campaignInclude,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
  });
  return toPage('campaigns', rows, limit, (row) => ({ at: row.createdAt, id: row.id }), presentCampaign);
}
