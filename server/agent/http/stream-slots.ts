import { randomUUID } from 'node:crypto';
import { AgentError } from '@/server/errors/agent-error';
import { logger } from '@/server/logger';
import { evalScript, getRedis, redisKey } from '@/server/redis';
import type { AgentCaller } from '@/server/agent/access/agent-caller';

/**
 * Open event streams are capped: each holds memory and a Redis subscription in the web process
 * for up to STREAM_MAX_OPEN_S. 5 per end user (a signed-in customer or an anonymous visitor),
 * 50 per client address on browser routes, 500 per key (and per dashboard user). Over a cap:
 * 429 `rate_limited` with Retry-After.
 *
 * Each bucket is a Redis sorted set of slots scored by their lease's end. An open stream renews
 * its lease; closing it (or the client leaving) removes its slot at once. A process that dies
 * renews nothing, so its slots lapse within LEASE_MS: no count can leak.
 */
export const STREAMS_PER_END_USER = 5;
export const STREAMS_PER_BROWSER_ADDRESS = 50;
export const STREAMS_PER_KEY = 500;
const LEASE_MS = 60_000;
const RENEW_MS = 20_000;
/** Streams end when their client closes them, so a slot is usually free again soon. */
const RETRY_AFTER_S = 10;

export const streamSlotsKey = (kind: string, id: string) => redisKey('agent', 'streams', kind, id);

interface Bucket {
  key: string;
  limit: number;
}

function bucketsOf(caller: AgentCaller, address: string): Bucket[] {
  const byAddress = { key: streamSlotsKey('address', address), limit: STREAMS_PER_BROWSER_ADDRESS };
  switch (caller.kind) {
    case 'client_token':
      return [{ key: streamSlotsKey('end_user', caller.endUserId), limit: STREAMS_PER_END_USER }, byAddress];
    case 'publishable_key':
      return [byAddress];
    case 'secret_key':
      return [{ key: streamSlotsKey('key', caller.keyId), limit: STREAMS_PER_KEY }];
    case 'member':
      return [{ key: streamSlotsKey('user', caller.userId), limit: STREAMS_PER_KEY }];
    case 'anonymous':
      return [];
  }
}

// KEYS: the buckets. ARGV: now, lease end, slot id, lease ms, then each bucket's limit.
// Returns 0 when the slot was taken in every bucket, else the 1-based index of the full one.
const TAKE_SLOT = `
local now = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if redis.call('ZCARD', key) >= tonumber(ARGV[4 + i]) then return i end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, ARGV[2], ARGV[3])
  redis.call('PEXPIRE', key, ARGV[4])
end
return 0`;

export interface StreamSlot {
  /** Frees the slot; later calls do nothing. */
  release(): void;
}

/** Takes a stream slot in each of the caller's buckets, or refuses with 429 `rate_limited` (nothing taken). */
export async function takeStreamSlot(caller: AgentCaller, address: string): Promise<StreamSlot> {
  const buckets = bucketsOf(caller, address);
  if (buckets.length === 0) return { release: () => {} };
  const redis = getRedis();
  const id = randomUUID();
  const keys = buckets.map((bucket) => bucket.key);
  const now = Date.now();
  const full = Number(
    await evalScript(redis, TAKE_SLOT, keys.length, ...keys, now, now + LEASE_MS, id, LEASE_MS, ...buckets.map((bucket) => bucket.limit)),
  );
  if (full !== 0) {
    throw new AgentError('rate_limited', { details: { seconds: RETRY_AFTER_S }, headers: { 'Retry-After': String(RETRY_AFTER_S) } });
  }
  let released = false;
  const run = (what: string, fill: (multi: ReturnType<typeof redis.multi>, key: string) => void) => {
    const multi = redis.multi();
    for (const key of keys) fill(multi, key);
    multi.exec().catch((err: unknown) => logger.warn({ err }, `stream slot ${what} failed`));
  };
  const renew = setInterval(() => {
    if (!released) run('renewal', (multi, key) => multi.zadd(key, 'XX', Date.now() + LEASE_MS, id).pexpire(key, LEASE_MS));
  }, RENEW_MS);
  renew.unref();
  return {
    release() {
      if (released) return;
      released = true;
      clearInterval(renew);
      run('release', (multi, key) => multi.zrem(key, id));
    },
  };
}

/**
 * The answer, holding the slot while it is an open event stream: freed when the stream ends,
 * fails or is cancelled (the client left). Any other answer frees it at once.
 */
export function holdStreamSlot(slot: StreamSlot, response: Response): Response {
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
    slot.release();
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (!done) return controller.enqueue(value);
        slot.release();
        controller.close();
      } catch (error) {
        slot.release();
        controller.error(error);
      }
    },
    cancel(reason) {
      slot.release();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, headers: response.headers });
}
