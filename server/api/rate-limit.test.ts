import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { closeRedis, getRedis, redisKey } from '@/server/redis';
import { consumeRateLimit } from './rate-limit';

after(() => closeRedis());

// ioredis copies a client's script commands into an auto-pipeline when the pipeline opens; the
// limiter's command defined after that was missing from it, and the pipeline's reply then
// crashed the process (ioredis#1931). The first request of a web process could do just that.
test('the first limit checked in a tick where other commands are already queued is counted, and nothing crashes', async () => {
  const redis = getRedis();
  const key = `test-${Date.now()}`;
  const queued = redis.get(redisKey('rate-limit-test', key));
  const [first, second] = await Promise.all([consumeRateLimit(key, 7), consumeRateLimit(key, 7)]);
  assert.equal(await queued, null);
  assert.deepEqual([first['X-RateLimit-Limit'], first['X-RateLimit-Remaining'], second['X-RateLimit-Remaining']].sort(), ['5', '6', '7']);
});
