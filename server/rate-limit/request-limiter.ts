import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { getRedis, redisKey } from '@/server/redis';

/**
 * Requests per caller in a 60-second window, kept in Redis so every web instance shares it;
 * both APIs count through here and answer with their own codes. With no insurance limiter:
 * if Redis cannot answer, `countRequest` throws RateLimiterUnavailable and the request is
 * refused (503), never let through.
 */
const limiters = new Map<string, RateLimiterRedis>();

function limiterFor(namespace: string, points: number): RateLimiterRedis {
  const name = `${namespace}:${points}`;
  let limiter = limiters.get(name);
  if (!limiter) {
    limiter = new RateLimiterRedis({
      storeClient: getRedis(),
      keyPrefix: redisKey('ratelimit', ...(namespace === 'messaging' ? [] : [namespace]), String(points)),
      points,
      duration: 60,
      // Commands wait for a connection that is still opening (bounded by the client's command
      // time-out and single retry), so the first request after start is not refused.
      rejectIfRedisNotReady: false,
    });
    limiters.set(name, limiter);
  }
  return limiter;
}

export type RateLimitHeaders = Record<'X-RateLimit-Limit' | 'X-RateLimit-Remaining' | 'X-RateLimit-Reset', string>;

export type RequestCount =
  { allowed: true; headers: RateLimitHeaders } | { allowed: false; headers: RateLimitHeaders & { 'Retry-After': string }; retryAfterS: number };

export class RateLimiterUnavailable extends Error {
  override name = 'RateLimiterUnavailable';
}

function headersFor(limit: number, state: RateLimiterRes): RateLimitHeaders {
  return {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(Math.max(0, state.remainingPoints)),
    'X-RateLimit-Reset': String(Math.ceil((Date.now() + state.msBeforeNext) / 1000)),
  };
}

/** Counts one request for `bucket` in `namespace` against `limit` per minute. */
export async function countRequest(namespace: string, bucket: string, limit: number): Promise<RequestCount> {
  try {
    return { allowed: true, headers: headersFor(limit, await limiterFor(namespace, limit).consume(bucket)) };
  } catch (outcome) {
    if (outcome instanceof RateLimiterRes) {
      const retryAfterS = Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));
      return { allowed: false, retryAfterS, headers: { ...headersFor(limit, outcome), 'Retry-After': String(retryAfterS) } };
    }
    throw new RateLimiterUnavailable('the rate limit could not be checked', { cause: outcome });
  }
}
