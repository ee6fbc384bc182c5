import { ZodError, type z } from 'zod';
import { isDependencyUnavailable } from '@/server/http/dependency-unavailable';

/**
 * What went wrong when code threw something other than its contract's own error: a schema
 * check nobody turned into a refusal, a unique constraint nobody caught, a dependency out of
 * reach, or a fault. Every transport's mapper answers these the same way. Told apart by name
 * and code, so the web server's edge can map errors without loading the database client.
 */
export type Failure = { kind: 'invalid'; issue: z.core.$ZodIssue } | { kind: 'duplicate' } | { kind: 'unavailable' } | { kind: 'unexpected' };

export function failureOf(thrown: unknown): Failure {
  if (thrown instanceof ZodError && thrown.issues[0]) return { kind: 'invalid', issue: thrown.issues[0] };
  const named = thrown as { name?: unknown; code?: unknown } | null;
  if (named?.name === 'PrismaClientKnownRequestError' && named.code === 'P2002') return { kind: 'duplicate' };
  // The rate limiter's store (Redis) is a dependency like the database.
  if (named?.name === 'RateLimiterUnavailable' || isDependencyUnavailable(thrown)) return { kind: 'unavailable' };
  return { kind: 'unexpected' };
}
