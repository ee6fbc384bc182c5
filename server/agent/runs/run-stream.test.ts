import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, test } from 'node:test';
import { closeRedis, evalScript, getRedis } from '@/server/redis';
import { appendSessionEvent, runEventLog, runStreamKey, sessionChannel, sessionStreamKey } from './run-stream';

// Real Redis (REDIS_URL's database), as the worker and the web process use it.

after(() => closeRedis());

/** A log's entries as [event, data]. */
async function logged(key: string): Promise<Array<[string, unknown]>> {
  const entries = await getRedis().xrange(key, '-', '+');
  return entries.map(([, fields]) => [fields[1]!, JSON.parse(fields[3]!)]);
}

test('evalScript runs a script Redis has never seen or has forgotten (NOSCRIPT), then by its SHA1', async () => {
  const script = `return ARGV[1] .. '-' .. ${Date.now()}`;
  await getRedis().script('FLUSH');
  assert.match(String(await evalScript(getRedis(), script, 0, 'first')), /^first-\d+$/);
  assert.match(String(await evalScript(getRedis(), script, 0, 'again')), /^again-\d+$/);
  await getRedis().script('FLUSH');
  assert.match(String(await evalScript(getRedis(), script, 0, 'after a flush')), /^after a flush-\d+$/);
  await assert.rejects(evalScript(getRedis(), 'return redis.call("NOPE")', 0), /NOPE|Unknown/i);
});

test('a run log: deltas waiting together become one, other events stay apart and in order, in the run and session logs', async () => {
  const target = { runId: `run_${randomUUID()}`, sessionId: `ses_${randomUUID()}` };
  const events = runEventLog(target);
  // Added in one turn of the event loop, as a network read carrying several tokens is.
  events.add('run.in_progress', { id: target.runId });
  events.add('message.delta', { text: 'Hel' });
  events.add('message.delta', { text: 'lo' });
  events.add('tool_call.started', { call_id: 'c1' });
  events.add('message.delta', { text: ' there' });
  await events.flushed();
  // One by one, each after the previous was written: each its own event, as an idle system streams tokens.
  for (const text of [',', ' you', '.']) {
    events.add('message.delta', { text });
    await events.flushed();
  }
  events.add('run.completed', { status: 'completed' });
  await events.flushed();

  const expected: Array<[string, unknown]> = [
    ['run.in_progress', { id: target.runId }],
    ['message.delta', { text: 'Hello' }],
    ['tool_call.started', { call_id: 'c1' }],
    ['message.delta', { text: ' there' }],
    ['message.delta', { text: ',' }],
    ['message.delta', { text: ' you' }],
    ['message.delta', { text: '.' }],
    ['run.completed', { status: 'completed' }],
  ];
  assert.deepEqual(await logged(runStreamKey(target.runId)), expected);
  assert.deepEqual(await logged(sessionStreamKey(target.sessionId)), expected);
  assert.ok((await getRedis().ttl(runStreamKey(target.runId))) <= 3600, 'a run log lives an hour after its end');
  await getRedis().del(runStreamKey(target.runId), sessionStreamKey(target.sessionId));
});

test('a run log: deltas added while a write is under way go out together, after it, none lost', async () => {
  const target = { runId: `run_${randomUUID()}`, sessionId: null };
  const events = runEventLog(target);
  events.add('message.delta', { text: 'a' });
  // The first write is under way once its turn ends; these come while it is.
  await new Promise((resolve) => setImmediate(resolve));
  for (const text of ['b', 'c', 'd']) events.add('message.delta', { text });
  await events.flushed();
  const entries = await logged(runStreamKey(target.runId));
  assert.deepEqual(
    entries.map(([, data]) => (data as { text: string }).text),
    ['a', 'bcd'],
  );
  await getRedis().del(runStreamKey(target.runId));
});

test('a session log written by two processes at once is announced in its order, so a reader that skips older entries loses none', async () => {
  const sessionId = `ses_${randomUUID()}`;
  const [key, channel] = [sessionStreamKey(sessionId), sessionChannel(sessionId)];
  const listener = getRedis().duplicate();
  const announced: string[] = [];
  listener.on('message', (_channel: string, message: string) => announced.push((JSON.parse(message) as { entryId: string }).entryId));
  await listener.subscribe(channel);
  // Another process's connection, appending and announcing in one script as the worker's run events do.
  const worker = getRedis().duplicate();
  const workerAppend = () =>
    worker.eval(
      `local id = redis.call('XADD', KEYS[1], '*', 'event', 'run.in_progress', 'data', '{}')
       redis.call('PUBLISH', KEYS[2], cjson.encode({ entryId = id })) return id`,
      2,
      key,
      channel,
    );
  // Each staff message starts first, and the worker's append goes out while it is under way.
  const staff: Array<Promise<string>> = [];
  for (let i = 0; i < 100; i += 1) {
    staff.push(appendSessionEvent(sessionId, 'staff.message', { i }));
    await workerAppend();
  }
  await Promise.all(staff);
  const deadline = Date.now() + 5_000;
  while (announced.length < 200 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  const order = (id: string) => id.split('-').map(Number) as [number, number];
  const later = (a: string, b: string) => order(a)[0] > order(b)[0] || (order(a)[0] === order(b)[0] && order(a)[1] > order(b)[1]);
  assert.equal(announced.length, 200);
  assert.ok(
    announced.every((id, i) => i === 0 || later(id, announced[i - 1]!)),
    'every announcement comes after the one before it in the log',
  );
  listener.disconnect();
  worker.disconnect();
  await getRedis().del(key);
});
