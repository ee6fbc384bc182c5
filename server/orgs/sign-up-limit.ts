import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { logger } from '@/server/logger';
import { getRedis, redisKey } from '@/server/redis';

/**
 * New accounts per client address, in Redis so every web instance shares the count: each one is
 * an organization with its own limits, so one client must not mint them by the thousand. Both
 * doors (the dashboard's /signup and POST /agent/v1/auth/signup) count against it. Without Redis
 * nobody signs up (fails closed), as sign-in does.
 */
const SIGN_UPS_PER_ADDRESS = { points: 10, duration: 60 * 60 };

export class SignUpThrottledError extends Error {
  constructor(readonly retryAfterS: number) {
    super(`Too many sign-ups from this address; retry after ${retryAfterS} s.`);
  }
}

export class SignUpUnavailableError extends Error {
  constructor() {
    super('Sign-up is unavailable: its limit cannot be checked.');
  }
}

let limiter: RateLimiterRedis | undefined;

export async function countSignUp(address: string): Promise<void> {
  limiter ??= new RateLimiterRedis({
    storeClient: getRedis(),
    keyPrefix: redisKey('signup', 'address'),
    rejectIfRedisNotReady: false,
    ...SIGN_UPS_PER_ADDRESS,
  });
  try {
    await limiter.consume(address);
  } catch (outcome) {
    if (outcome instanceof RateLimiterRes) throw new SignUpThrottledError(Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)));
    logger.error({ err: outcome }, 'sign-up limit could not be checked');
    throw new SignUpUnavailableError();
  }
}
