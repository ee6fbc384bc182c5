import { config } from '@/server/config';
import { openSecret, sealSecret } from '@/server/secrets/secret-cipher';

/** A portfolio's stored token columns, as read from `business_portfolios`. */
export interface StoredPortfolioToken {
  accessTokenSealed: string | null;
  accessTokenLegacy: string | null;
}

/**
 * The token that speaks for the business: its own (sealed, or a legacy plain one not yet
 * sealed by `npm run secrets:rotate`), else the service-wide PLATFORM_ACCESS_TOKEN. Null when
 * its sealed token opens under no configured secret: the number must be reconnected.
 */
export function portfolioAccessToken(stored: StoredPortfolioToken): string | null {
  if (stored.accessTokenSealed !== null) return openSecret(stored.accessTokenSealed);
  return stored.accessTokenLegacy ?? config.PLATFORM_ACCESS_TOKEN;
}

/** The columns that store a business's new token: sealed, and no plain copy left behind. */
export const storedAccessToken = (token: string) => ({ accessTokenSealed: sealSecret(token), accessTokenLegacy: null });

/** Why a send or sync cannot use the business's token, in words for the message and the owner. */
export const UNREADABLE_TOKEN_REASON =
  'The stored access token of this number cannot be read with the configured CREDENTIALS_SECRET: reconnect the number.';
