import type { Redis } from 'ioredis';
import { createRedis, redisKey } from '@/server/redis';

/**
 * What /v1 reads about a caller on every request (its API key, its organization's `/v1/me`
 * view) is kept in memory for a few seconds, so a busy key costs no database read per
 * request. A change to a key (revoked, switched off or on), to an organization's
 * subscription, name or accounts is announced on Redis and drops every entry in every web
 * process at once; the short lifetime bounds staleness should an announcement be missed.
 */
const TTL_MS = 5_000;
const channel = () => redisKey('api-keys', 'changed');

interface Entry<T> {
  value: T;
  expiresAt: number;
}

const entries = new Map<string, Entry<unknown>>();
let subscriber: Redis | undefined;

function listen(): void {
  if (subscriber) return;
  subscriber = createRedis({ maxRetriesPerRequest: null, commandTimeout: undefined });
  subscriber.subscribe(channel()).catch(() => {});
  subscriber.on('message', () => entries.clear());
  // While not subscribed, announcements could be missed: serve nothing from the cache.
  subscriber.on('close', () => entries.clear());
}

/** `load()`'s value for `key`, from memory when it was loaded in the last few seconds. */
export async function cachedCallerLookup<T>(key: string, load: () => Promise<T>): Promise<T> {
  listen();
  const hit = entries.get(key);
  if (hit && hit.expiresAt > Date.now() && subscriber?.status === 'ready') return hit.value as T;
  const value = await load();
  entries.set(key, { value, expiresAt: Date.now() + TTL_MS });
  return value;
}

/** Announce that something cached here changed (call after the change commits). */
export async function announceCallerChange(redis: Redis): Promise<void> {
  await redis.publish(channel(), 'changed');
}
