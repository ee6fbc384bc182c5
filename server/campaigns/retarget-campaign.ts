import { db, Prisma, type DbTx } from '@/server/db';
import { ApiError, notFound } from '@/server/errors/api-error';
import { isId, newId } from '@/server/db/ids';
import { templateForSend } from '@/server/messages/template-send';
import { assertCampaignTemplateUsable } from './campaign-template';
import { findCampaign, lockCampaign } from './find-campaign';
import { campaignInclude, presentCampaign } from './present-campaign';
import { requireCampaignStatus } from './require-campaign-status';
import type { RetargetAudience } from './retarget-audiences';
import { fillStoredRecipients } from './resolve-variable-sources';
import type { VariableSources } from './variable-sources';

export interface RetargetInput {
  audience: RetargetAudience;
  templateId: string;
  name: string;
  /** Variables of the new template from a fixed value or a contact field; the rest keep the original recipient's stored value of the same name. */
  sources?: VariableSources;
}

interface AudienceRow {
  phone_number: string;
  contact_id: string | null;
  name: string | null;
  parameters: Record<string, string>;
}

/**
 * The recipients of a campaign in an audience. A reply or tap is an incoming message from the
 * contact on the campaign's account that quotes the campaign message, or that came after it
 * without quoting anything.
 */
function audienceQuery(campaignId: string, audience: RetargetAudience): Prisma.Sql {
  return audience === 'not_read'
    ? Prisma.sql`
        SELECT r.phone_number, r.contact_id, r.name, r.parameters FROM campaign_recipients r
        WHERE r.campaign_id = ${campaignId} AND r.status IN ('sent', 'delivered') ORDER BY r.id`
    : Prisma.sql`
        SELECT r.phone_number, r.contact_id, r.name, r.parameters FROM campaign_recipients r
        JOIN messages m ON m.campaign_recipient_id = r.id
        WHERE r.campaign_id = ${campaignId} AND r.status IN ('sent', 'delivered', 'read')
          AND NOT EXISTS (
            SELECT 1 FROM messages reply
            WHERE reply.contact_id = m.contact_id AND reply.account_id = m.account_id AND reply.direction = 'incoming'
              AND (reply.context_wamid = m.wamid OR (reply.context_wamid IS NULL AND reply.created_at >= m.created_at)))
        ORDER BY r.id`;
}

const audienceRows = (tx: DbTx, campaignId: string, audience: RetargetAudience) =>
  tx.$queryRaw<AudienceRow[]>(audienceQuery(campaignId, audience));

/** How many recipients each audience would reach, for the retarget dialog: counted in the database, not loaded. */
export async function countRetargetAudiences(orgId: string, campaignId: string) {
  await findCampaign(orgId, campaignId);
  const count = async (audience: RetargetAudience) =>
    (await db.$queryRaw<Array<{ n: number }>>`SELECT count(*)::int AS n FROM (${audienceQuery(campaignId, audience)}) a`)[0]?.n ?? 0;
  return { not_read: await count('not_read'), no_choice: await count('no_choice') };
}

/**
 * A new draft, in one transaction, from a completed campaign: the audience's recipients with
 * another template (its variables from `sources`, else the original's value of that name).
 * A campaign not completed is `campaign_state_conflict`; an empty audience is refused.
 */
export async function retargetCampaign(orgId: string, campaignId: string, input: RetargetInput) {
  const draft = await db.$transaction(async (tx) => {
    const original = await lockCampaign(tx, orgId, campaignId);
    requireCampaignStatus(original, 'completed', 'retargeted');
    const template = isId('template', input.templateId) ? await tx.template.findFirst({ where: { id: input.templateId, orgId } }) : null;
    if (!template) throw notFound('template', 'template_id');
    assertCampaignTemplateUsable(template, 'template_id');
    const rows = await audienceRows(tx, campaignId, input.audience);
    if (rows.length === 0) {
      throw new ApiError(
        'invalid_parameter',
        `No recipient of this campaign is in the audience \`${input.audience}\`; there is nobody to retarget.`,
        {
          param: 'audience',
        },
      );
    }
    const recipients = rows.map((r) => ({ phone: r.phone_number, name: r.name, parameters: r.parameters }));
    const forSend = templateForSend(template);
    const filled = await fillStoredRecipients(orgId, recipients, input.sources, forSend, tx);
    const id = newId('campaign');
    await tx.campaign.create({
      data: {
        id,
        orgId,
        accountId: template.accountId,
        templateId: template.id,
        name: input.name,
        sendMode: original.sendMode,
        totalCount: rows.length,
      },
    });
    await tx.$executeRaw`
      INSERT INTO campaign_recipients (id, campaign_id, contact_id, phone_number, name, parameters, updated_at)
      SELECT id, ${id}, contact_id, phone, name, parameters::jsonb, now()
      FROM unnest(${rows.map(() => newId('recipient'))}::text[], ${rows.map((r) => r.contact_id)}::text[], ${rows.map((r) => r.phone_number)}::text[],
        ${rows.map((r) => r.name)}::text[], ${filled.map((p) => JSON.stringify(p))}::text[]) AS batch(id, contact_id, phone, name, parameters)`;
    return tx.campaign.findUniqueOrThrow({ where: { id }, include: campaignInclude });
  });
  return presentCampaign(draft);
}
