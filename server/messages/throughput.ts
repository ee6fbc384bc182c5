import { evalScript, getRedis, redisKey } from '@/server/redis';

/**
 * Per-number send rate (the platform allows 80 messages/s by default, up to 1,000), shared by
 * every worker through Redis. A generic cell rate algorithm that reserves: a batch of `n`
 * messages takes the next `n` slots of the number's schedule and learns when its first slot
 * comes, up to `burstMs` early: an idle number has a second's worth of credit, as the
 * platform's own per-second limit allows. Later batches queue behind it, so a backlog is
 * paced without anyone polling.
 */
const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local n = tonumber(ARGV[2])
local burst = tonumber(ARGV[3])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local startAt = math.max(now, tat - burst)
local nextTat = tat + n * interval
redis.call('SET', KEYS[1], tostring(nextTat), 'PX', math.ceil(nextTat - now) + 1000)
return math.ceil(startAt - now)
`;

/** Milliseconds between two sends of a number allowed `perSecond`. */
export const sendInterval = (perSecond: number) => 1000 / Math.max(1, perSecond);

/** Messages a job sends at once: a tenth of a second's worth. */
export const sliceSize = (perSecond: number) => Math.max(1, Math.floor(perSecond / 10));

/**
 * How far ahead of its slot a batch may start: a second's worth less one slice, so that even
 * a slice sent at once on top of the credit stays within one second's allowance.
 */
export const burstMs = (perSecond: number) => Math.max(0, 1000 - sliceSize(perSecond) * sendInterval(perSecond));

/**
 * Reserves `n` consecutive send slots on the number; returns the milliseconds until the first.
 * The i-th message of the batch may go `i * sendInterval(perSecond)` after that.
 */
export async function reserveSendSlots(phoneId: string, perSecond: number, n: number): Promise<number> {
  const wait = await evalScript(getRedis(), RESERVE, 1, redisKey('throughput', phoneId), sendInterval(perSecond), n, burstMs(perSecond));
  return Number(wait);
}
