import type { Redis } from 'ioredis';
import { getRedis, redisKey } from '@/server/redis';

/**
 * Live updates for open dashboards. Every event is appended to a short Redis stream per
 * organization (so a browser that reconnects with Last-Event-ID can catch up) and announced
 * on a pub/sub channel, which every web instance's SSE connections listen to.
 */
export const liveStreamKey = (orgId: string) => redisKey('live', 'stream', orgId);
export const liveChannel = (orgId: string) => redisKey('live', 'channel', orgId);
export const LIVE_STREAM_LENGTH = 1000;

export interface LiveEvent {
  id: string;
  orgId: string;
  type: string;
  payload: unknown;
}

/** The stream entry's `data`: the event with its payload given as JSON text, so a stored payload needs no parsing. */
export const liveEventData = (id: string, type: string, payloadJson: string) =>
  `{"id":${JSON.stringify(id)},"type":${JSON.stringify(type)},"payload":${payloadJson}}`;

/**
 * Appends and announces in one step (a script runs atomically): announced as two round trips,
 * two publishers could announce out of stream order, and a browser, which skips entries older
 * than the last it was sent, lost the one announced second.
 */
const APPEND_AND_ANNOUNCE = `
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'data', ARGV[2])
redis.call('PUBLISH', ARGV[3], '{"entryId":"' .. id .. '","data":' .. cjson.encode(ARGV[2]) .. '}')
return id`;

/** Returns the stream entry id, which is also the SSE `id` of the event. */
export async function publishLiveEvent(event: LiveEvent, redis: Redis = getRedis()): Promise<string> {
  const data = liveEventData(event.id, event.type, JSON.stringify(event.payload ?? null));
  return (await redis.eval(
    APPEND_AND_ANNOUNCE,
    1,
    liveStreamKey(event.orgId),
    String(LIVE_STREAM_LENGTH),
    data,
    liveChannel(event.orgId),
  )) as string;
}
