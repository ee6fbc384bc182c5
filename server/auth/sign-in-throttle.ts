import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { logger } from '@/server/logger';
import { getRedis, redisKey } from '@/server/redis';
import { SIGN_IN_UNAVAILABLE, signInThrottledCode } from './sign-in-errors';

/**
 * Brute-force protection for dashboard sign-in, in Redis so every web instance shares it.
 * Limits are per email *and* client address (so an attacker elsewhere cannot lock the owner
 * out) and per address (one client spraying many emails). Every attempt is counted before the
 * password is checked, so parallel guesses count too; a success gives its attempt back.
 * Without Redis no sign-in is allowed (fails closed).
 */
const FAILURES_PER_EMAIL_AND_ADDRESS = { points: 5, duration: 15 * 60, blockDuration: 15 * 60 };
const FAILURES_PER_ADDRESS = { points: 50, duration: 60 * 60, blockDuration: 60 * 60 };

export class SignInThrottledError extends Error {
  constructor(readonly retryAfterS: number) {
    super(signInThrottledCode(retryAfterS));
  }
}

export class SignInUnavailableError extends Error {
  constructor() {
    super(SIGN_IN_UNAVAILABLE);
  }
}

let limiters: { byEmailAndAddress: RateLimiterRedis; byAddress: RateLimiterRedis } | undefined;

function signInLimiters() {
  // As in server/api/rate-limit.ts: commands wait for a connection still opening, not refused at start.
  const limiter = (name: string, limits: typeof FAILURES_PER_ADDRESS) =>
    new RateLimiterRedis({ storeClient: getRedis(), keyPrefix: redisKey('signin', name), rejectIfRedisNotReady: false, ...limits });
  return (limiters ??= {
    byEmailAndAddress: limiter('email-address', FAILURES_PER_EMAIL_AND_ADDRESS),
    byAddress: limiter('address', FAILURES_PER_ADDRESS),
  });
}

const pairKeyOf = (email: string, address: string) => `${email.trim().toLowerCase()}|${address}`;

async function countAttempt(limiter: RateLimiterRedis, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (outcome) {
    if (outcome instanceof RateLimiterRes) throw new SignInThrottledError(Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)));
    logger.error({ err: outcome }, 'sign-in limit could not be checked');
    throw new SignInUnavailableError();
  }
}

/**
 * Runs `verify` (the password check) unless the email and address have used up their attempts;
 * throws SignInThrottledError (with the wait) or SignInUnavailableError (Redis unreachable).
 */
export async function limitSignInFailures<T>(email: string, address: string, verify: () => Promise<T | null>): Promise<T | null> {
  const { byEmailAndAddress, byAddress } = signInLimiters();
  const pairKey = pairKeyOf(email, address);
  await countAttempt(byEmailAndAddress, pairKey);
  await countAttempt(byAddress, address);
  const user = await verify();
  if (user) {
    // The failures before a success were the user's own typos: they no longer count.
    await Promise.all([byEmailAndAddress.delete(pairKey), byAddress.reward(address, 1)]).catch((err: unknown) =>
      logger.warn({ err }, 'sign-in limit could not be reset after a success'),
    );
  }
  return user;
}

/**
 * Forgets the failures of one email from one address: someone who just chose a new password
 * through a reset link (so proved they own the email) is not kept waiting by their own guesses.
 */
export async function forgetSignInFailures(email: string, address: string): Promise<void> {
  await signInLimiters()
    .byEmailAndAddress.delete(pairKeyOf(email, address))
    .catch((err: unknown) => logger.warn({ err }, 'sign-in limit could not be reset after a password reset'));
}
