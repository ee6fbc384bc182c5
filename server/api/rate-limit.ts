import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { getRedis, redisKey } from '@/server/redis';
import { ApiError } from '@/server/errors/api-error';

/**
 * Per-key limit in a 60-second window, kept in Redis so every web instance shares it. With no
 * insurance limiter: if Redis cannot answer, the request is refused (503), never let through.
 */
const limiters = new Map<number, RateLimiterRedis>();

function limiterFor(points: number): RateLimiterRedis {
  let limiter = limiters.get(points);
  if (!limiter) {
    limiter = new RateLimiterRedis({
      storeClient: getRedis(),
      keyPrefix: redisKey('ratelimit', String(points)),
      points,
      duration: 60,
      // Commands wait for a connection that is still opening (bounded by the client's command
      // time-out and single retry), so the first request after start is not refused.
      rejectIfRedisNotReady: false,
    });
    limiters.set(points, limiter);
  }
  return limiter;
}

export type RateLimitHeaders = Record<'X-RateLimit-Limit' | 'X-RateLimit-Remaining' | 'X-RateLimit-Reset', string>;

function headersFor(limit: number, state: RateLimiterRes): RateLimitHeaders {
  return {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(Math.max(0, state.remainingPoints)),
    'X-RateLimit-Reset': String(Math.ceil((Date.now() + state.msBeforeNext) / 1000)),
  };
}

/** Counts one request for the key; returns the headers for the response or throws 429 / 503. */
export async function consumeRateLimit(keyId: string, limit: number): Promise<RateLimitHeaders> {
  try {
    return headersFor(limit, await limiterFor(limit).consume(keyId));
  } catch (outcome) {
    if (outcome instanceof RateLimiterRes) {
      const retryAfter = Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));
      throw new ApiError('rate_limited', `Rate limit of ${limit} requests per minute exceeded. Retry in ${retryAfter} s.`, {
        headers: { ...headersFor(limit, outcome), 'Retry-After': String(retryAfter) },
      });
    }
    throw new ApiError('rate_limiter_unavailable', 'The rate limit could not be checked, so the request was not processed. Retry shortly.');
  }
}
