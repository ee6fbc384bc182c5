import type { Redis } from 'ioredis';
import { config } from '@/server/config';
import { redisKey } from '@/server/redis';

/** Workers announce themselves in a sorted set scored by the time they last beat. */
export const heartbeatKey = () => redisKey('workers', 'heartbeat');

export async function beat(redis: Redis, workerId: string): Promise<void> {
  await redis.zadd(heartbeatKey(), Date.now(), workerId);
}

export async function forget(redis: Redis, workerId: string): Promise<void> {
  await redis.zrem(heartbeatKey(), workerId);
}

/** Workers seen within the heartbeat TTL, and when the latest one beat. */
export async function liveWorkers(redis: Redis): Promise<{ count: number; lastSeenAt: Date | null }> {
  const since = Date.now() - config.WORKER_HEARTBEAT_TTL_S * 1000;
  await redis.zremrangebyscore(heartbeatKey(), 0, since - 3600_000);
  const live = await redis.zrangebyscore(heartbeatKey(), since, '+inf', 'WITHSCORES');
  const scores = live.filter((_, i) => i % 2 === 1).map(Number);
  return { count: scores.length, lastSeenAt: scores.length ? new Date(Math.max(...scores)) : null };
}
