import { AgentError } from '@/server/errors/agent-error';
import { logger } from '@/server/logger';
import { getRedis, redisKey } from '@/server/redis';

/**
 * The organization's AI limits (docs/agent-api.md §1.8), as Redis counters per UTC month and day:
 * monthly AI conversations against the plan's quota, and the day's model cost in micro-dollars
 * against the owner's cap. Checked before a provider is called; Redis out of reach fails closed
 * (503). The worker raises them to the runs' own figures every few minutes (reconcile-usage-counters.ts).
 */
export const MONTH_TTL_S = 35 * 86_400;
export const DAY_TTL_S = 2 * 86_400;

const monthOf = (now: Date) => now.toISOString().slice(0, 7);
const dayOf = (now: Date) => now.toISOString().slice(0, 10);

export const conversationsKey = (orgId: string, now = new Date()) => redisKey('agent', 'conversations', orgId, monthOf(now));
export const costKey = (orgId: string, now = new Date()) => redisKey('agent', 'cost', orgId, dayOf(now));

/** Seconds until the next 00:00 UTC (at least 1), for `Retry-After`. */
export function secondsToUtcMidnight(now = new Date()): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}

/**
 * Admits one AI conversation, or refuses it: 429 `cost_cap_exceeded` (Retry-After to 00:00
 * UTC) when today's cost has reached the cap (null: no cap), else 429 `quota_exceeded` when the
 * month's quota is used up. One Redis round trip; a refused conversation is not counted.
 */
export async function admitConversation(
  orgId: string,
  limits: { dailyCostCapMicros: bigint | null; monthlyConversations: number },
): Promise<() => Promise<void>> {
  const key = conversationsKey(orgId);
  const [spent, count] = await redisCall(async () => {
    const replies = (await getRedis().multi().get(costKey(orgId)).incr(key).expire(key, MONTH_TTL_S).exec()) ?? [];
    for (const [error] of replies) if (error) throw error;
    return [BigInt((replies[0]?.[1] as string | null) ?? 0), Number(replies[1]?.[1])] as const;
  });
  const overCap = limits.dailyCostCapMicros !== null && spent >= limits.dailyCostCapMicros;
  if (overCap || count > limits.monthlyConversations) {
    await redisCall(() => getRedis().decr(key));
    if (overCap) throw new AgentError('cost_cap_exceeded', { headers: { 'Retry-After': String(secondsToUtcMidnight()) } });
    throw new AgentError('quota_exceeded');
  }
  // Gives the conversation back when what it was admitted for was refused after all (a busy session).
  return async () =>
    void (await getRedis()
      .decr(key)
      .catch(() => 0));
}

/** Test conversations a project may hold in the playground per UTC day on platform-provided models (docs/agent-api.md §1.8). */
export const PLAYGROUND_DAILY_CONVERSATIONS = 50;
export const playgroundKey = (projectId: string, now = new Date()) => redisKey('agent', 'playground', projectId, dayOf(now));

/**
 * Admits one playground conversation on a platform-provided model for today, or refuses it:
 * 429 `playground_limit_reached` with Retry-After to 00:00 UTC. A refused one is not counted;
 * the returned function gives an admitted one back.
 */
export async function admitPlaygroundConversation(projectId: string): Promise<() => Promise<void>> {
  const key = playgroundKey(projectId);
  const count = await redisCall(async () => {
    const replies = (await getRedis().multi().incr(key).expire(key, DAY_TTL_S).exec()) ?? [];
    for (const [error] of replies) if (error) throw error;
    return Number(replies[0]?.[1]);
  });
  if (count > PLAYGROUND_DAILY_CONVERSATIONS) {
    await redisCall(() => getRedis().decr(key));
    throw playgroundLimitReached();
  }
  return async () =>
    void (await getRedis()
      .decr(key)
      .catch(() => 0));
}

/** Refuses a new playground session on a platform-provided model once today's conversations are used up (counted at their first run). */
export async function assertPlaygroundRoom(projectId: string): Promise<void> {
  const count = Number((await redisCall(() => getRedis().get(playgroundKey(projectId)))) ?? 0);
  if (count >= PLAYGROUND_DAILY_CONVERSATIONS) throw playgroundLimitReached();
}

const playgroundLimitReached = () => new AgentError('playground_limit_reached', { headers: { 'Retry-After': String(secondsToUtcMidnight()) } });

/** Whether today's model cost has reached the organization's cap (null: no cap); a session run then fails `cost_cap_exceeded`. */
export async function costCapReached(orgId: string, dailyCostCapMicros: bigint | null): Promise<boolean> {
  if (dailyCostCapMicros === null) return false;
  const spent = await redisCall(() => getRedis().get(costKey(orgId)));
  return BigInt(spent ?? 0) >= dailyCostCapMicros;
}

/** Adds a run's cost to the day's total; a lost count is logged, never fails the finished run. */
export async function addCost(orgId: string, micros: number): Promise<void> {
  if (micros <= 0) return;
  const key = costKey(orgId);
  try {
    await getRedis().multi().incrby(key, micros).expire(key, DAY_TTL_S).exec();
  } catch (err) {
    logger.warn({ err, orgId, micros }, "could not add a run's cost to the daily total");
  }
}

async function redisCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    logger.warn({ err }, 'Redis unavailable for AI usage limits');
    throw new AgentError('service_unavailable');
  }
}
