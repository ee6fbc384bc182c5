import type { Redis } from 'ioredis';
import { createRedis, redisKey } from '@/server/redis';

/**
 * API keys looked up on /v1 are kept in memory for a few seconds, so a busy key costs no
 * database read per request. A change to a key (revoked, switched off or on) or to its
 * organization's subscription is announced on Redis and drops the entry in every web process
 * at once; the short lifetime bounds staleness should an announcement be missed.
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

export async function cachedKeyLookup<T>(keyHash: string, load: () => Promise<T>): Promise<T> {
  listen();
  const hit = entries.get(keyHash);
  if (hit && hit.expiresAt > Date.now() && subscriber?.status === 'ready') return hit.value as T;
  const value = await load();
  entries.set(keyHash, { value, expiresAt: Date.now() + TTL_MS });
  return value;
}

/** Announce that a key or an organization's subscription changed (call after the change commits). */
export async function announceKeyChange(redis: Redis): Promise<void> {
  await redis.publish(channel(), 'changed');
}
