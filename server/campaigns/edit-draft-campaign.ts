import { db, type SendMode, type Template } from '@/server/db';
import { ApiError, notFound } from '@/server/errors/api-error';
import { isId } from '@/server/db/ids';
import { templateForSend } from '@/server/messages/template-send';
import { assertCampaignTemplateUsable } from './campaign-template';
import { lockCampaign } from './find-campaign';
import { campaignInclude, presentCampaign } from './present-campaign';
import { requireCampaignStatus } from './require-campaign-status';
import { fillStoredRecipients } from './resolve-variable-sources';
import type { VariableSources } from './variable-sources';

export interface EditDraftCampaignInput {
  name?: string;
  templateId?: string;
  sendMode?: SendMode;
  /** ISO 8601, or null to clear: the time the draft is meant to start at when it is started. */
  scheduledAt?: string | null;
  /** Variables every recipient takes from a fixed value or its contact, replacing what was stored for them. */
  sources?: VariableSources;
}

/**
 * Changes a draft's name, template and intended schedule. Recipients stay as they are, so a
 * new template must accept every recipient's stored variables (after `sources` are applied to
 * them); the first that does not is named by its number.
 */
export async function editDraftCampaign(orgId: string, campaignId: string, input: EditDraftCampaignInput) {
  const campaign = await db.$transaction(async (tx) => {
    const locked = await lockCampaign(tx, orgId, campaignId);
    requireCampaignStatus(locked, 'draft', 'edited');
    let template: Template | undefined;
    if (input.templateId !== undefined && input.templateId !== locked.templateId) {
      const found = isId('template', input.templateId) ? await tx.template.findFirst({ where: { id: input.templateId, orgId } }) : null;
      if (!found) throw notFound('template', 'template_id');
      assertCampaignTemplateUsable(found, 'template_id');
      template = found;
    }
    const sourced = input.sources && Object.keys(input.sources).length > 0;
    if (template || sourced) {
      // Every recipient's variables for the (new) template: sources applied, other names dropped.
      const forSend = templateForSend(template ?? (await tx.template.findUniqueOrThrow({ where: { id: locked.templateId } })));
      const recipients = await tx.campaignRecipient.findMany({
        where: { campaignId },
        select: { id: true, phoneNumber: true, name: true, parameters: true },
        orderBy: { id: 'asc' },
      });
      const stored = recipients.map((r) => ({ phone: r.phoneNumber, name: r.name, parameters: r.parameters as Record<string, string> }));
      const filled = await fillStoredRecipients(orgId, stored, input.sources, forSend, tx);
      if (recipients.length > 0) {
        // One statement for every recipient's new variables, however many there are.
        await tx.$executeRaw`
          UPDATE campaign_recipients AS r SET parameters = batch.parameters::jsonb, updated_at = now()
          FROM unnest(${recipients.map((r) => r.id)}::text[], ${filled.map((p) => JSON.stringify(p))}::text[]) AS batch(id, parameters)
          WHERE r.id = batch.id`;
      }
    }
    const scheduledAt = input.scheduledAt == null ? input.scheduledAt : new Date(input.scheduledAt);
    if (scheduledAt && scheduledAt <= new Date()) {
      throw new ApiError('invalid_parameter', '`scheduled_at` must be in the future.', { param: 'scheduled_at' });
    }
    return tx.campaign.update({
      where: { id: campaignId },
      data: { name: input.name, sendMode: input.sendMode, scheduledAt, templateId: template?.id, accountId: template?.accountId },
      include: campaignInclude,
    });
  });
  return presentCampaign(campaign);
}
