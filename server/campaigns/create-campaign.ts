import { ApiError, notFound } from '@/server/errors/api-error';
import { db, type Template } from '@/server/db';
import { isId, newId } from '@/server/db/ids';
import { assertCampaignTemplateUsable } from './campaign-template';
import { campaignInclude, presentCampaign } from './present-campaign';

export interface CreateCampaignInput {
  name: string;
  template?: string;
  templateId?: string;
  account?: string;
}

/** `POST /v1/campaigns`: a `draft` campaign of one APPROVED template, sent from the template's account. */
export async function createCampaign(orgId: string, input: CreateCampaignInput) {
  const account = input.account === undefined ? null : await db.account.findUnique({ where: { orgId_name: { orgId, name: input.account } } });
  if (input.account !== undefined && !account) {
    throw new ApiError('account_not_found', `No account named \`${input.account}\` in this organization.`, { param: 'account' });
  }
  const template = await resolveCampaignTemplate(orgId, input, account?.id);
  const param = input.templateId !== undefined ? 'template_id' : 'template';
  if (account && template.accountId !== account.id) {
    throw new ApiError('invalid_parameter', `Template \`${template.name}\` belongs to another account than \`${account.name}\`.`, {
      param: 'account',
    });
  }
  assertCampaignTemplateUsable(template, param);
  const campaign = await db.campaign.create({
    data: { id: newId('campaign'), orgId, accountId: template.accountId, templateId: template.id, name: input.name },
    include: campaignInclude,
  });
  return presentCampaign(campaign);
}

async function resolveCampaignTemplate(orgId: string, input: CreateCampaignInput, accountId: string | undefined): Promise<Template> {
  if (input.templateId !== undefined) {
    const template = isId('template', input.templateId) ? await db.template.findFirst({ where: { id: input.templateId, orgId } }) : null;
    if (!template) throw notFound('template', 'template_id');
    return template;
  }
  const fallback = await db.account.findFirst({ where: { orgId }, orderBy: [{ isDefaultOutgoing: 'desc' }, { createdAt: 'asc' }] });
  if (!fallback) throw new ApiError('no_connected_account', 'This organization has no connected account to send from.');
  const candidates = await db.template.findMany({ where: { orgId, name: input.template }, orderBy: [{ language: 'asc' }, { id: 'asc' }] });
  const template =
    candidates.find((t) => t.accountId === (accountId ?? fallback.id) && t.status === 'APPROVED') ??
    candidates.find((t) => (accountId === undefined || t.accountId === accountId) && t.status === 'APPROVED') ??
    candidates.find((t) => accountId === undefined || t.accountId === accountId) ??
    null;
  if (!template) throw notFound(`template named \`${input.template}\``, 'template');
  return template;
}
