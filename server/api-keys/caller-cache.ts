import type { Redis } from 'ioredis';
import { getRedis, redisKey } from '@/server/redis';

/**
 * What /v1 reads about a caller on every request (its API key, its organization's `/v1/me`
 * view) is kept in memory for a few seconds, so a busy key costs no database read per
 * request. Every change to a key (revoked, switched off or on), to an organization's
 * subscription, name or accounts bumps a generation number in Redis once it commits; an entry
 * is trusted only under the generation it was loaded in. Each lookup reads the generation (one
 * small command, pipelined with the request's others), so a change takes effect on the very
 * next request in every web process, which an announcement over pub/sub could not promise.
 */
const TTL_MS = 5_000;
const generationKey = () => redisKey('api-keys', 'generation');

interface Entry<T> {
  value: T;
  expiresAt: number;
  generation: string;
}

const entries = new Map<string, Entry<unknown>>();
let seenGeneration: string | null = null;

/** The current generation, or null when Redis cannot tell (then nothing cached is trusted). */
async function currentGeneration(): Promise<string | null> {
  const redis = getRedis();
  if (redis.status !== 'ready') return null;
  const generation = (await redis.get(generationKey()).catch(() => null)) ?? '0';
  if (generation !== seenGeneration) {
    // Entries of older generations can never be served again.
    entries.clear();
    seenGeneration = generation;
  }
  return generation;
}

/** `load()`'s value for `key`, from memory when it was loaded in the last few seconds and nothing changed since. */
export async function cachedCallerLookup<T>(key: string, load: () => Promise<T>): Promise<T> {
  const generation = await currentGeneration();
  const hit = entries.get(key);
  if (generation !== null && hit && hit.generation === generation && hit.expiresAt > Date.now()) return hit.value as T;
  const value = await load();
  if (generation !== null) entries.set(key, { value, expiresAt: Date.now() + TTL_MS, generation });
  return value;
}

/** Records that something cached here changed (call after the change commits). */
export async function announceCallerChange(redis: Redis): Promise<void> {
  await redis.incr(generationKey());
}
