import { ApiError, notFound } from '@/server/errors/api-error';
import { db, type Db, type DbTx } from '@/server/db';
import { isId } from '@/server/db/ids';
import { campaignInclude, type CampaignRow } from './present-campaign';

/** The organization's campaign, or 404 (another organization's campaign looks the same as none). */
export async function findCampaign(orgId: string, id: string, tx: Db | DbTx = db): Promise<CampaignRow> {
  if (!isId('campaign', id)) throw new ApiError('invalid_parameter', '`id` is not a campaign id.', { param: 'id' });
  const campaign = await tx.campaign.findFirst({ where: { id, orgId }, include: campaignInclude });
  if (!campaign) throw notFound('campaign', 'id');
  return campaign;
}

/** Locks the campaign row for the rest of the transaction, so state checks and changes do not race. */
export async function lockCampaign(tx: DbTx, orgId: string, id: string): Promise<CampaignRow> {
  if (!isId('campaign', id)) throw new ApiError('invalid_parameter', '`id` is not a campaign id.', { param: 'id' });
  await tx.$queryRaw`SELECT id FROM campaigns WHERE id = ${id} AND org_id = ${orgId} FOR UPDATE`;
  return findCampaign(orgId, id, tx);
}
