import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, test } from 'node:test';
import { listenToChannel } from '@/server/live/live-subscriber';
import { liveChannel } from '@/server/live/publish-live-event';
import { getRedis, redisKey } from '@/server/redis';
import { streamLiveEvents } from '@/server/live/stream-live-events';
import { createOrg, deleteOrgs } from '../factories';

const orgIds: string[] = [];
after(() => deleteOrgs(orgIds));

test('a second listener of a channel is ready only once Redis confirmed the subscription, and both get what follows', async () => {
  const channel = redisKey('test', 'live-subscriber', randomBytes(6).toString('hex'));
  const got: string[] = [];
  const ready: string[] = [];
  const first = listenToChannel(channel, (message) => got.push(`first ${message.entryId}`)).then((leave) => {
    ready.push('first');
    return leave;
  });
  const leaveSecond = await listenToChannel(channel, (message) => got.push(`second ${message.entryId}`));
  ready.push('second');
  // Subscribed by now: a reader that replays its log next cannot miss what is published after.
  const [, subscribers] = (await getRedis().pubsub('NUMSUB', channel)) as [string, number];
  assert.equal(Number(subscribers), 1);
  const leaveFirst = await first;
  assert.deepEqual(ready, ['first', 'second']);

  await getRedis().publish(channel, JSON.stringify({ entryId: '1-0', data: '{}' }));
  for (let waited = 0; got.length < 2 && waited < 2_000; waited += 10) await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(got.sort(), ['first 1-0', 'second 1-0']);

  leaveFirst();
  leaveSecond();
  for (let waited = 0; waited < 2_000; waited += 10) {
    const [, left] = (await getRedis().pubsub('NUMSUB', channel)) as [string, number];
    if (Number(left) === 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.fail('the channel was not unsubscribed once both listeners left');
});

test('a listener that throws does not keep a message from the other listeners of its channel', async () => {
  const channel = redisKey('test', 'live-subscriber', randomBytes(6).toString('hex'));
  const got: string[] = [];
  const leaveFaulty = await listenToChannel(channel, () => {
    throw new TypeError('Invalid state: Controller is already closed');
  });
  const leaveHealthy = await listenToChannel(channel, (message) => got.push(message.entryId));
  for (const entryId of ['1-0', '2-0']) await getRedis().publish(channel, JSON.stringify({ entryId, data: '{}' }));
  for (let waited = 0; got.length < 2 && waited < 2_000; waited += 10) await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(got, ['1-0', '2-0']);
  leaveFaulty();
  leaveHealthy();
});

test('a live stream ended while it is being set up (cancelled, or its request aborted) lets its channel go', async () => {
  const org = await createOrg();
  orgIds.push(org.id);
  const followers = async () => ((await getRedis().pubsub('NUMSUB', liveChannel(org.id))) as [string, number])[1];
  // The browser goes while the subscription is being confirmed: its body is cancelled, or its request's signal fires.
  const cancelled = streamLiveEvents(org.id, null, new AbortController().signal);
  void cancelled.cancel();
  const aborting = new AbortController();
  streamLiveEvents(org.id, null, aborting.signal);
  aborting.abort();
  let left = 1;
  for (let waited = 0; waited < 2_000 && left > 0; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    left = await followers();
  }
  assert.equal(left, 0, "the organization's channel was still followed after both streams ended");
});
