import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { findCampaign } from './find-campaign';
import { campaignInclude, presentCampaign } from './present-campaign';

/**
 * A new draft from any campaign: same template, send mode and recipients (their variables,
 * none of their progress), named "… (copy)". Recipients are copied by one INSERT … SELECT,
 * each given a fresh id by its position among the originals.
 */
export async function duplicateCampaign(orgId: string, campaignId: string) {
  const copy = await db.$transaction(async (tx) => {
    const original = await findCampaign(orgId, campaignId, tx);
    const id = newId('campaign');
    await tx.campaign.create({
      data: {
        id,
        orgId,
        accountId: original.accountId,
        templateId: original.templateId,
        name: `${original.name} (copy)`,
        sendMode: original.sendMode,
      },
    });
    // Counted in this transaction, so the ids cover exactly the rows the SELECT sees.
    const count = await tx.campaignRecipient.count({ where: { campaignId } });
    const ids = Array.from({ length: count }, () => newId('recipient'));
    const copied = await tx.$executeRaw`
      INSERT INTO campaign_recipients (id, campaign_id, contact_id, phone_number, name, parameters, updated_at)
      SELECT fresh.id, ${id}, original.contact_id, original.phone_number, original.name, original.parameters, now()
      FROM (SELECT *, row_number() OVER (ORDER BY id) AS position FROM campaign_recipients WHERE campaign_id = ${campaignId}) AS original
      JOIN unnest(${ids}::text[]) WITH ORDINALITY AS fresh(id, position) ON fresh.position = original.position`;
    return tx.campaign.update({ where: { id }, data: { totalCount: copied }, include: campaignInclude });
  });
  return presentCampaign(copy);
}
