import { getRedis, redisKey } from '@/server/redis';

/**
 * Per-number send rate (the platform allows 80 messages/s by default, up to 1,000), shared by
 * every worker through Redis: a generic cell rate algorithm that allows one second's worth of
 * burst. Returns 0 when a message may go now, else the milliseconds to wait.
 */
const GCRA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local tolerance = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local allowAt = tat - tolerance
if now < allowAt then return allowAt - now end
local nextTat = tat + interval
redis.call('SET', KEYS[1], tostring(nextTat), 'PX', math.ceil(nextTat - now) + 1000)
return 0
`;

export async function takeSendSlot(phoneId: string, perSecond: number): Promise<number> {
  const interval = 1000 / Math.max(1, perSecond);
  const tolerance = interval * (Math.max(1, perSecond) - 1);
  const wait = await getRedis().eval(GCRA, 1, redisKey('throughput', phoneId), interval, tolerance);
  return Math.ceil(Number(wait));
}
