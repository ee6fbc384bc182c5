import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { closeRedis, getRedis } from '@/server/redis';
import { announceCallerChange, cachedCallerLookup } from './caller-cache';

after(() => closeRedis());

/** A load that counts its calls and answers after `ms`. */
function countingLoad(value: string, ms = 20) {
  const load = async () => {
    load.calls++;
    await new Promise((resolve) => setTimeout(resolve, ms));
    return `${value}#${load.calls}`;
  };
  load.calls = 0;
  return load;
}

async function ready(): Promise<void> {
  const redis = getRedis();
  if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
}

test('lookups that miss together share one load', async () => {
  await ready();
  const load = countingLoad('a');
  const values = await Promise.all(Array.from({ length: 20 }, () => cachedCallerLookup('test:shared', load)));
  assert.equal(load.calls, 1);
  assert.deepEqual(new Set(values), new Set(['a#1']));
  assert.equal(await cachedCallerLookup('test:shared', load), 'a#1');
  assert.equal(load.calls, 1);
});

test('an entry about to expire is still served while one background load replaces it', async (t) => {
  await ready();
  const load = countingLoad('b');
  const start = Date.now();
  let now = start;
  t.mock.method(Date, 'now', () => now);
  assert.equal(await cachedCallerLookup('test:ahead', load), 'b#1');

  now = start + 4_500; // inside the last second of the five
  const during = await Promise.all([cachedCallerLookup('test:ahead', load), cachedCallerLookup('test:ahead', load)]);
  assert.deepEqual(during, ['b#1', 'b#1']);
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(load.calls, 2);

  now = start + 6_000; // past the first entry's expiry, within the reloaded one's
  assert.equal(await cachedCallerLookup('test:ahead', load), 'b#2');
  assert.equal(load.calls, 2);
});

test('a change makes the next lookup load again, even while a load from before the change is still running', async () => {
  await ready();
  const slow = countingLoad('before', 100);
  const first = cachedCallerLookup('test:change', slow);
  await new Promise((resolve) => setTimeout(resolve, 10));
  await announceCallerChange(getRedis());
  const fresh = countingLoad('after');
  assert.equal(await cachedCallerLookup('test:change', fresh), 'after#1');
  assert.equal(await first, 'before#1');
  // The load from before the change is not kept.
  assert.equal(await cachedCallerLookup('test:change', fresh), 'after#1');
  assert.equal(fresh.calls, 1);
});

test('a failed load is not cached and the next lookup tries again', async () => {
  await ready();
  let calls = 0;
  const failing = async () => {
    calls++;
    throw new Error('database unavailable');
  };
  await assert.rejects(Promise.all([cachedCallerLookup('test:fail', failing), cachedCallerLookup('test:fail', failing)]), /unavailable/);
  assert.equal(calls, 1);
  await assert.rejects(cachedCallerLookup('test:fail', failing), /unavailable/);
  assert.equal(calls, 2);
});
