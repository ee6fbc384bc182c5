/** The platform's messaging-limit tiers (docs/messaging-api.md §9) and the distinct people each allows per 24 h; -1 is unlimited. */
export const tierLimits = {
  TIER_250: 250,
  TIER_2K: 2000,
  TIER_10K: 10000,
  TIER_100K: 100000,
  TIER_UNLIMITED: -1,
} as const;

export type MessagingLimitTier = keyof typeof tierLimits;

export function isKnownTier(value: string | null | undefined): value is MessagingLimitTier {
  return value !== null && value !== undefined && value in tierLimits;
}

export const qualityRatings = ['GREEN', 'YELLOW', 'RED', 'UNKNOWN'] as const;
