import { notifyCallerChange } from '@/server/api-keys/notify-caller-change';
import { effectiveLimit } from '@/server/campaigns/messaging-allowance';
import { wakeParkedCampaigns } from '@/server/campaigns/wake-parked-campaigns';
import { db } from '@/server/db';
import { publishEvent } from '@/server/webhook-events/publish-event';
import type { JobData } from '@/server/queues';
import { healthChecked } from './account-health';
import { isKnownTier, qualityRatings, tierLimits } from './messaging-limits';
import { platformClientForPortfolio } from './platform-client';

/**
 * Reads the number's quality rating and the portfolio's messaging limit from the platform. A
 * raised limit wakes the portfolio's parked campaigns at once.
 */
export async function syncAccountJob(data: JobData<'maintenance', 'account.sync'>): Promise<void> {
  const account = await db.account.findUnique({ where: { id: data.accountId } });
  if (!account) return;
  const phone = await healthChecked(account.id, async () =>
    (await platformClientForPortfolio(account.portfolioId)).getPhoneNumber(account.phoneId),
  );
  if (!phone) return;
  const rating = qualityRatings.find((r) => r === phone.quality_rating) ?? 'UNKNOWN';
  await db.$transaction(async (tx) => {
    if (rating !== account.qualityRating) {
      await publishEvent(tx, account.orgId, 'account.quality_updated', {
        account: { id: account.id, name: account.name, quality_rating: rating },
      });
    }
    await tx.account.update({
      where: { id: account.id },
      data: { qualityRating: rating, displayPhoneNumber: phone.display_phone_number, ...qualityHealth(account, rating) },
    });
    const before = await tx.businessPortfolio.findUniqueOrThrow({ where: { id: account.portfolioId }, select: { messagingLimit: true } });
    const after = await tx.businessPortfolio.update({
      where: { id: account.portfolioId },
      data: isKnownTier(phone.messaging_limit_tier)
        ? { messagingLimitTier: phone.messaging_limit_tier, messagingLimit: tierLimits[phone.messaging_limit_tier], limitsSyncedAt: new Date() }
        : { limitsSyncedAt: new Date() },
      select: { messagingLimit: true },
    });
    if (effectiveLimit(after.messagingLimit) > effectiveLimit(before.messagingLimit)) await wakeParkedCampaigns(tx, account.portfolioId);
  });
  await notifyCallerChange(); // /v1/me shows the rating and the limit
}

/** A RED rating is a reason to look at the number; its recovery ends that reason (no other). */
function qualityHealth(account: { status: string; statusReason: string | null }, rating: string) {
  if (rating === 'RED' && account.status === 'connected') {
    return { status: 'needs_attention' as const, statusReason: 'quality_red', statusChangedAt: new Date() };
  }
  if (rating !== 'RED' && account.status === 'needs_attention' && account.statusReason === 'quality_red') {
    return { status: 'connected' as const, statusReason: null, statusChangedAt: new Date() };
  }
  return {};
}
