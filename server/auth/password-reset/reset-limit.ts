import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { logger } from '@/server/logger';
import { getRedis, redisKey } from '@/server/redis';

/**
 * "Forgot password" requests, in Redis so every web instance shares the counts: per address
 * asked about (whoever asks, so nobody floods one inbox) and per client address (one client
 * asking about many addresses). Both count whether or not the address has an account, so the
 * limit reveals nothing. Without Redis no link is sent (fails closed), as sign-in does.
 */
const REQUESTS_PER_EMAIL = { points: 5, duration: 60 * 60 };
const REQUESTS_PER_ADDRESS = { points: 20, duration: 60 * 60 };

export class PasswordResetThrottledError extends Error {
  constructor(readonly retryAfterS: number) {
    super(`Too many password reset requests; retry after ${retryAfterS} s.`);
  }
}

export class PasswordResetUnavailableError extends Error {
  constructor() {
    super('Password reset is unavailable: its limit cannot be checked.');
  }
}

let limiters: { byEmail: RateLimiterRedis; byAddress: RateLimiterRedis } | undefined;

function resetLimiters() {
  const limiter = (name: string, limits: typeof REQUESTS_PER_EMAIL) =>
    new RateLimiterRedis({ storeClient: getRedis(), keyPrefix: redisKey('password-reset', name), rejectIfRedisNotReady: false, ...limits });
  return (limiters ??= { byEmail: limiter('email', REQUESTS_PER_EMAIL), byAddress: limiter('address', REQUESTS_PER_ADDRESS) });
}

async function count(limiter: RateLimiterRedis, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (outcome) {
    if (outcome instanceof RateLimiterRes) throw new PasswordResetThrottledError(Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)));
    logger.error({ err: outcome }, 'password reset limit could not be checked');
    throw new PasswordResetUnavailableError();
  }
}

/** Counts one request; throws PasswordResetThrottledError (with the wait) or PasswordResetUnavailableError. */
export async function countPasswordResetRequest(email: string, address: string): Promise<void> {
  const { byEmail, byAddress } = resetLimiters();
  await count(byAddress, address);
  await count(byEmail, email);
}
