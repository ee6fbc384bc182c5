import { countRequest, RateLimiterUnavailable, type RateLimitHeaders } from '@/server/rate-limit/request-limiter';
import { ApiError } from '@/server/errors/api-error';

export type { RateLimitHeaders } from '@/server/rate-limit/request-limiter';

/** Counts one /v1 request for the key; returns the headers for the response or throws 429 / 503. */
export async function consumeRateLimit(keyId: string, limit: number): Promise<RateLimitHeaders> {
  let count;
  try {
    count = await countRequest('messaging', keyId, limit);
  } catch (error) {
    if (!(error instanceof RateLimiterUnavailable)) throw error;
    throw new ApiError('rate_limiter_unavailable', 'The rate limit could not be checked, so the request was not processed. Retry shortly.');
  }
  if (count.allowed) return count.headers;
  throw new ApiError('rate_limited', `Rate limit of ${limit} requests per minute exceeded. Retry in ${count.retryAfterS} s.`, {
    headers: count.headers,
  });
}
