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
 *
 * A busy key never waits for its reload: concurrent misses share one load, and an entry in
 * its last second is reloaded in the background while it is still served. Before, every
 * request in flight when an entry expired loaded it again, queueing dozens of identical reads
 * in the connection pool ahead of the requests' own statements.
 */
const TTL_MS = 5_000;
const REFRESH_AHEAD_MS = 1_000;
const generationKey = () => redisKey('api-keys', 'generation');

interface Entry<T> {
  value: T;
  expiresAt: number;
  generation: string;
}

const entries = new Map<string, Entry<unknown>>();
/** Loads under way, by key and the generation they load under. */
const loading = new Map<string, Promise<unknown>>();
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
  if (generation === null) return load();
  const hit = entries.get(key);
  const now = Date.now();
  if (hit && hit.generation === generation && hit.expiresAt > now) {
    if (hit.expiresAt - now < REFRESH_AHEAD_MS) void loadShared(key, generation, load).catch(() => {});
    return hit.value as T;
  }
  return loadShared(key, generation, load);
}

/** One load per key and generation at a time; its value is kept only while its generation is current. */
function loadShared<T>(key: string, generation: string, load: () => Promise<T>): Promise<T> {
  const loadKey = `${generation}\n${key}`;
  const running = loading.get(loadKey);
  if (running) return running as Promise<T>;
  const loaded = load()
    .then((value) => {
      if (generation === seenGeneration) entries.set(key, { value, expiresAt: Date.now() + TTL_MS, generation });
      return value;
    })
    .finally(() => loading.delete(loadKey));
  loading.set(loadKey, loaded);
  return loaded;
}

/** Records that something cached here changed (call after the change commits). */
export async function announceCallerChange(redis: Redis): Promise<void> {
  await redis.incr(generationKey());
}
