import { db, type SendMode } from '@/server/db';
import { ApiError, notFound } from '@/server/errors/api-error';
import { isId } from '@/server/db/ids';
import { templateForSend } from '@/server/messages/template-send';
import { assertCampaignTemplateUsable, validateRecipientParameters } from './campaign-template';
import { lockCampaign } from './find-campaign';
import { campaignInclude, presentCampaign } from './present-campaign';
import { requireCampaignStatus } from './require-campaign-status';

export interface EditDraftCampaignInput {
  name?: string;
  templateId?: string;
  sendMode?: SendMode;
  /** ISO 8601, or null to clear: the time the draft is meant to start at when it is started. */
  scheduledAt?: string | null;
}

/**
 * Changes a draft's name, template and intended schedule. Recipients stay as they are, so a
 * new template must accept every recipient's stored variables; the first that does not is named.
 */
export async function editDraftCampaign(orgId: string, campaignId: string, input: EditDraftCampaignInput) {
  const campaign = await db.$transaction(async (tx) => {
    const locked = await lockCampaign(tx, orgId, campaignId);
    requireCampaignStatus(locked, 'draft', 'edited');
    let template: { id: string; accountId: string } | undefined;
    if (input.templateId !== undefined && input.templateId !== locked.templateId) {
      const found = isId('template', input.templateId) ? await tx.template.findFirst({ where: { id: input.templateId, orgId } }) : null;
      if (!found) throw notFound('template', 'template_id');
      assertCampaignTemplateUsable(found, 'template_id');
      const forSend = templateForSend(found);
      const recipients = await tx.campaignRecipient.findMany({ where: { campaignId }, select: { parameters: true }, orderBy: { id: 'asc' } });
      recipients.forEach((r, index) => validateRecipientParameters(forSend, r.parameters as Record<string, string>, index));
      template = found;
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
