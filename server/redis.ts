import { createHash } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
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
  return (globalForRedis.redis ??= withScriptCommands(createRedis({ enableAutoPipelining: true })));
}

/**
 * An auto-pipeline copies the client's script commands when it opens: one defined later is
 * missing from a pipeline already open, and that pipeline's reply then crashes the process
 * (ioredis#1931). rate-limiter-flexible defines its command when a limiter is made, which the
 * first request of a process did while other requests' commands were queued; so it is defined
 * here, before the connection takes any command.
 */
function withScriptCommands(redis: Redis): Redis {
  new RateLimiterRedis({ storeClient: redis, points: 1, duration: 1 });
  return redis;
}

export function closeRedis(): void {
  globalForRedis.redis?.disconnect();
  globalForRedis.redis = undefined;
}

const scriptShas = new Map<string, string>();

/**
 * Runs a Lua script by its SHA1 (EVALSHA), sending its text only when Redis lacks it (NOSCRIPT:
 * first use, or after a restart). Sent with every call, a script's text was the largest single
 * CPU cost of a streamed run in the worker (`npm run bench:agent-browser`, one call per token).
 */
export async function evalScript(redis: Redis, script: string, numKeys: number, ...args: Array<string | number>): Promise<unknown> {
  let sha = scriptShas.get(script);
  if (!sha) scriptShas.set(script, (sha = createHash('sha1').update(script).digest('hex')));
  try {
    return await redis.evalsha(sha, numKeys, ...args);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
    return redis.eval(script, numKeys, ...args);
  }
}
