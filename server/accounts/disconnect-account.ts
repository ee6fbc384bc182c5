import { notifyCallerChange } from '@/server/api-keys/notify-caller-change';
import { failCampaign } from '@/server/campaigns/campaign-transitions';
import { ACCOUNT_DISCONNECTED_REASON } from '@/server/campaigns/canceled-reason';
import { db, type MemberRole } from '@/server/db';
import { notFound } from '@/server/errors/api-error';
import { logger } from '@/server/logger';
import { assertCanManageMembers } from '@/server/orgs/member-permission';
import { platformClientForPortfolio } from './platform-client';

/**
 * Disconnects a number (docs/going-live.md, "Number health"): it sends nothing more (a send
 * from it is 422 `account_disconnected`), its scheduled and running campaigns fail with
 * `account_disconnected`, and its history stays. When it was its business's last number still
 * connected, the app's webhooks for that business are switched off at the platform too.
 */
export async function disconnectAccount({ orgId, actorRole, accountId }: { orgId: string; actorRole: MemberRole; accountId: string }) {
  assertCanManageMembers(actorRole);
  const account = await db.$transaction(async (tx) => {
    const found = await tx.account.findFirst({ where: { id: accountId, orgId }, select: { id: true, portfolioId: true, status: true } });
    if (!found) throw notFound('account', 'accountId');
    if (found.status === 'disconnected') return null;
    await tx.account.update({ where: { id: found.id }, data: { status: 'disconnected', statusReason: null, statusChangedAt: new Date() } });
    const campaigns = await tx.campaign.findMany({
      where: { accountId: found.id, status: { in: ['scheduled', 'processing'] } },
      select: { id: true },
    });
    for (const campaign of campaigns) await failCampaign(tx, campaign.id, ACCOUNT_DISCONNECTED_REASON);
    const others = await tx.account.count({ where: { portfolioId: found.portfolioId, status: { not: 'disconnected' } } });
    return { ...found, lastOfBusiness: others === 0 };
  });
  if (!account) return { disconnected: false };
  await notifyCallerChange(); // /v1/me shows each number's status
  if (account.lastOfBusiness) await unsubscribeBusiness(account.portfolioId);
  return { disconnected: true };
}

/** Best effort: the number is disconnected here whatever the platform answers; a failure is logged for the operator. */
async function unsubscribeBusiness(portfolioId: string): Promise<void> {
  try {
    const portfolio = await db.businessPortfolio.findUniqueOrThrow({ where: { id: portfolioId }, select: { wabaId: true } });
    await (await platformClientForPortfolio(portfolioId)).unsubscribeApp(portfolio.wabaId);
  } catch (error) {
    logger.warn({ err: error, portfolioId }, 'could not unsubscribe the app from a disconnected business');
  }
}
