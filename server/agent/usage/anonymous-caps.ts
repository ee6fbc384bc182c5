import { AgentError } from '@/server/errors/agent-error';
import { logger } from '@/server/logger';
import { getRedis, redisKey } from '@/server/redis';
import { DAY_TTL_S, secondsToUtcMidnight } from './ai-usage-limits';

/**
 * Caps on anonymous widget visitors (docs/agent-api.md §1.8), as Redis counters: 20 messages per
 * address in 10 minutes (the window opens at the address's first message), 50 messages per
 * session (for a day from its first), 500 new conversations per project and UTC day, of which
 * one address starts at most 20 an hour (so one address never uses up a project's day). Each is one
 * INCR in a MULTI, so concurrent requests are counted exactly; a refused request gives its count
 * back, so exactly the cap gets through. Over a cap: 429 `anonymous_limit_reached` with
 * Retry-After (the window's time left). Redis out of reach fails closed: 503.
 */
export const ANONYMOUS_MESSAGES_PER_ADDRESS = 20;
export const ANONYMOUS_ADDRESS_WINDOW_S = 600;
export const ANONYMOUS_MESSAGES_PER_SESSION = 50;
export const ANONYMOUS_SESSION_WINDOW_S = 86_400;
export const ANONYMOUS_CONVERSATIONS_PER_DAY = 500;
export const ANONYMOUS_CONVERSATIONS_PER_ADDRESS = 20;
export const ANONYMOUS_CONVERSATIONS_ADDRESS_WINDOW_S = 3600;

const dayOf = (now: Date) => now.toISOString().slice(0, 10);
export const anonymousAddressKey = (address: string) => redisKey('agent', 'anon', 'address', address);
export const anonymousSessionKey = (sessionId: string) => redisKey('agent', 'anon', 'session', sessionId);
export const anonymousAddressConversationsKey = (projectId: string, address: string) =>
  redisKey('agent', 'anon', 'address-conversations', projectId, address);
export const anonymousConversationsKey = (projectId: string, now = new Date()) =>
  redisKey('agent', 'anon', 'conversations', projectId, dayOf(now));

interface Counter {
  key: string;
  limit: number;
  /** The window a first count opens (seconds); Retry-After is what is left of it. */
  windowS: number;
  name: string;
  /** Retry-After when it is not what is left of the window (a UTC day's counter: to midnight). */
  retryAfterS?: () => number;
}

/** Counts one against every counter, or none: over any cap, all are given back and the request refused. */
async function admit(counters: Counter[]): Promise<() => Promise<void>> {
  const redis = getRedis();
  const replies = await redisCall(async () => {
    const multi = redis.multi();
    // EXPIRE NX: the window starts at the first count and is never pushed back by later ones.
    for (const counter of counters) multi.incr(counter.key).expire(counter.key, counter.windowS, 'NX').ttl(counter.key);
    const result = (await multi.exec()) ?? [];
    for (const [error] of result) if (error) throw error;
    return result.map(([, value]) => Number(value));
  });
  const over = counters.findIndex((counter, i) => (replies[i * 3] ?? 0) > counter.limit);
  const giveBack = async () => {
    const multi = redis.multi();
    for (const counter of counters) multi.decr(counter.key);
    await multi.exec().catch(() => null);
  };
  if (over >= 0) {
    await giveBack();
    const counter = counters[over]!;
    const ttl = replies[over * 3 + 2] ?? -1;
    const retryAfter = counter.retryAfterS?.() ?? Math.max(1, ttl > 0 ? ttl : counter.windowS);
    throw new AgentError('anonymous_limit_reached', { details: { limit: counter.name }, headers: { 'Retry-After': String(retryAfter) } });
  }
  return giveBack;
}

/** One message of an anonymous visitor from `address` into `sessionId`; the returned function gives it back. */
export function admitAnonymousMessage(address: string, sessionId: string): Promise<() => Promise<void>> {
  return admit([
    {
      key: anonymousAddressKey(address),
      limit: ANONYMOUS_MESSAGES_PER_ADDRESS,
      windowS: ANONYMOUS_ADDRESS_WINDOW_S,
      name: `${ANONYMOUS_MESSAGES_PER_ADDRESS} messages per 10 minutes from one address`,
    },
    {
      key: anonymousSessionKey(sessionId),
      limit: ANONYMOUS_MESSAGES_PER_SESSION,
      windowS: ANONYMOUS_SESSION_WINDOW_S,
      name: `${ANONYMOUS_MESSAGES_PER_SESSION} messages per conversation`,
    },
  ]);
}

const conversationsCounter = (projectId: string): Counter => ({
  key: anonymousConversationsKey(projectId),
  limit: ANONYMOUS_CONVERSATIONS_PER_DAY,
  windowS: DAY_TTL_S,
  name: `${ANONYMOUS_CONVERSATIONS_PER_DAY} anonymous conversations per project a day`,
  retryAfterS: () => secondsToUtcMidnight(),
});

/** One new conversation of an anonymous visitor from `address` in the project; the returned function gives it back. */
export function admitAnonymousConversation(projectId: string, address: string): Promise<() => Promise<void>> {
  return admit([
    {
      key: anonymousAddressConversationsKey(projectId, address),
      limit: ANONYMOUS_CONVERSATIONS_PER_ADDRESS,
      windowS: ANONYMOUS_CONVERSATIONS_ADDRESS_WINDOW_S,
      name: `${ANONYMOUS_CONVERSATIONS_PER_ADDRESS} new conversations an hour from one address`,
    },
    conversationsCounter(projectId),
  ]);
}

/** Refuses a new anonymous visitor once the project's conversations of the day are used up (nothing counted). */
export async function assertAnonymousConversationRoom(projectId: string): Promise<void> {
  const counter = conversationsCounter(projectId);
  const count = Number((await redisCall(() => getRedis().get(counter.key))) ?? 0);
  if (count >= counter.limit) {
    throw new AgentError('anonymous_limit_reached', {
      details: { limit: counter.name },
      headers: { 'Retry-After': String(secondsToUtcMidnight()) },
    });
  }
}

async function redisCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    logger.warn({ err }, 'Redis unavailable for anonymous visitor caps');
    throw new AgentError('service_unavailable');
  }
}
