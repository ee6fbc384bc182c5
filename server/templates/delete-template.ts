import { platformClientForPortfolio } from '@/server/accounts/platform-client';
import { db } from '@/server/db';
import { findTemplate } from './get-template';
import { templateAccount } from './template-account';
import { templateRefusalOf } from './template-refusal';

/**
 * Deletes one language of a template at the platform, then here: every number of its business
 * loses it. A copy a campaign used stays, DISABLED, so the campaign's history keeps its template.
 */
export async function deleteTemplate(orgId: string, id: string): Promise<void> {
  const template = await findTemplate(orgId, id);
  const account = await templateAccount(orgId, template.account.name);
  try {
    const client = await platformClientForPortfolio(account.portfolioId);
    await client.deleteTemplate(account.portfolio.wabaId, template.name, template.platformTemplateId);
  } catch (error) {
    throw await templateRefusalOf(error, account.id);
  }
  const copies = { orgId, platformTemplateId: template.platformTemplateId, account: { portfolioId: account.portfolioId } };
  await db.$transaction([
    db.template.deleteMany({ where: { ...copies, campaigns: { none: {} } } }),
    db.template.updateMany({ where: copies, data: { status: 'DISABLED', statusReason: null, statusDetail: null } }),
  ]);
}
