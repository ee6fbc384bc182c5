import { Redis, type RedisOptions } from 'ioredis';
import { config } from '@/server/config';

/** Prefixes a Redis key with this environment's prefix. */
export function redisKey(...parts: string[]): string {
  return [config.REDIS_PREFIX, ...parts].join(':');
}

/**
 * Connections for producers and request handlers: a command gives up after one reconnect
 * attempt or two seconds, so callers answer 503 quickly instead of hanging while Redis is down.
 */
export function createRedis(options: RedisOptions = {}): Redis {
  return new Redis(config.REDIS_URL, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    ...options,
  });
}

/** Connections for BullMQ workers, which must wait for Redis rather than fail (BullMQ requires it). */
export function createWorkerRedis(): Redis {
  return new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
}

const globalForRedis = globalThis as unknown as { redis?: Redis };

/**
 * The shared connection of this process, opened on first use. Commands issued in the same
 * tick go out in one write (auto-pipelining): under load, a socket write per command was a
 * measurable share of a request's CPU (`npm run bench:api`).
 */
export function getRedis(): Redis {
  return (globalForRedis.redis ??= createRedis({ enableAutoPipelining: true }));
}

export function closeRedis(): void {
  globalForRedis.redis?.disconnect();
  globalForRedis.redis = undefined;
}
