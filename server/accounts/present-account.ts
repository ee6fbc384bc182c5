import type { Account, BusinessPortfolio } from '@/server/db';
import type { AccountStatusReason } from './account-health';

type AccountWithPortfolio = Account & { portfolio: Pick<BusinessPortfolio, 'messagingLimit' | 'messagingLimitTier' | 'limitsSyncedAt'> };

/** The Account resource of the API. */
export function presentAccount(account: AccountWithPortfolio) {
  return {
    id: account.id,
    name: account.name,
    display_phone_number: account.displayPhoneNumber,
    phone_id: account.phoneId,
    is_default_outgoing: account.isDefaultOutgoing,
    quality_rating: account.qualityRating,
    messaging_limit_tier: account.portfolio.messagingLimitTier,
    messaging_limit: account.portfolio.messagingLimit,
    status: account.status,
    status_reason: account.statusReason as AccountStatusReason | null,
  };
}
