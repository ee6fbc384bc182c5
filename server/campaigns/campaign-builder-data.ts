import { db } from '@/server/db';
import { readAllowance } from './messaging-allowance';

/**
 * What the campaign builder offers: the organization's accounts with today's remaining
 * messaging-limit allowance of their portfolio, and the APPROVED templates of each.
 */
export async function readCampaignBuilderData(orgId: string) {
  const accounts = await db.account.findMany({
    where: { orgId },
    include: { portfolio: { select: { id: true, messagingLimit: true, messagingLimitTier: true } } },
    orderBy: [{ isDefaultOutgoing: 'desc' }, { name: 'asc' }],
  });
  const templates = await db.template.findMany({ where: { orgId, status: 'APPROVED' }, orderBy: [{ name: 'asc' }, { language: 'asc' }] });
  const now = new Date();
  return {
    accounts: await Promise.all(
      accounts.map(async (account) => {
        const allowance = await readAllowance(db, account.portfolio.id, account.portfolio.messagingLimit, now);
        return {
          id: account.id,
          name: account.name,
          phoneNumber: account.displayPhoneNumber,
          tier: account.portfolio.messagingLimitTier,
          remainingToday: Number.isFinite(allowance.remaining) ? allowance.remaining : null,
          limit: Number.isFinite(allowance.limit) ? allowance.limit : null,
        };
      }),
    ),
    templates: templates.map((template) => {
      const body = template.body as { text: string; variables: string[] };
      return {
        id: template.id,
        accountId: template.accountId,
        name: template.name,
        language: template.language,
        category: template.category,
        text: body.text,
        variables: body.variables,
      };
    }),
  };
}
