import { ApiError } from '@/server/errors/api-error';
import { normalizePhoneNumber } from '@/server/contacts/phone-number';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { templateForSend } from '@/server/messages/template-send';
import { validateRecipientParameters } from './campaign-template';
import { findCampaign, lockCampaign } from './find-campaign';
import { applyVariableSources } from './resolve-variable-sources';
import type { VariableSources } from './variable-sources';

export interface RecipientInput {
  to: string;
  name?: string;
  parameters?: Record<string, string>;
}

const editable = new Set(['draft', 'paused']);

/**
 * Adds up to 1,000 recipients as one batch: every entry is checked first (number, template
 * variables) and the first bad one refuses the whole batch, naming its index. A number already
 * in the campaign, or twice in the batch, is stored once and counted in `duplicates`.
 * `sources` (the dashboard's; /v1 sends none) fill variables with a fixed value or a contact
 * field, resolved here: a recipient whose contact field is empty is `missing_template_parameter`.
 */
export async function addCampaignRecipients(orgId: string, campaignId: string, recipients: RecipientInput[], sources?: VariableSources) {
  const campaign = await findCampaign(orgId, campaignId);
  const template = templateForSend(await db.template.findUniqueOrThrow({ where: { id: campaign.templateId } }));
  const byPhone = new Map<string, { id: string; phone: string; name: string | null; parameters: string }>();
  const normalized = recipients.map((recipient, index) => ({
    phone: normalizePhoneNumber(recipient.to, `recipients[${index}].to`),
    name: recipient.name ?? null,
    parameters: recipient.parameters ?? {},
  }));
  const filled = await applyVariableSources(orgId, normalized, sources, (index) => ({
    label: `recipients[${index}]`,
    param: `recipients[${index}].parameters`,
  }));
  recipients.forEach((recipient, index) => {
    const phone = normalized[index]!.phone;
    const parameters = filled[index]!;
    validateRecipientParameters(template, parameters, index);
    if (!byPhone.has(phone))
      byPhone.set(phone, { id: newId('recipient'), phone, name: recipient.name ?? null, parameters: JSON.stringify(parameters) });
  });
  const rows = [...byPhone.values()];

  return db.$transaction(async (tx) => {
    const locked = await lockCampaign(tx, orgId, campaignId);
    if (!editable.has(locked.status)) {
      throw new ApiError('campaign_not_editable', `The campaign is ${locked.status}; recipients can be added only while it is draft or paused.`);
    }
    const added = await tx.$executeRaw`
      INSERT INTO campaign_recipients (id, campaign_id, phone_number, name, parameters, updated_at)
      SELECT id, ${campaignId}, phone, name, parameters::jsonb, now()
      FROM unnest(${rows.map((r) => r.id)}::text[], ${rows.map((r) => r.phone)}::text[], ${rows.map((r) => r.name)}::text[], ${rows.map((r) => r.parameters)}::text[])
        AS batch(id, phone, name, parameters)
      ON CONFLICT (campaign_id, phone_number) DO NOTHING`;
    const [counts] = await tx.$queryRaw<Array<{ total_count: number }>>`
      UPDATE campaigns SET total_count = total_count + ${added}, updated_at = now() WHERE id = ${campaignId} RETURNING total_count`;
    return { added, total_recipients: counts?.total_count ?? 0, campaign_id: campaignId, duplicates: recipients.length - added };
  });
}
