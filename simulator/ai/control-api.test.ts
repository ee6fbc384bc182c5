import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { RunningAiSimulator } from './server';
import { chatDriver, control, freshKey, responsesDriver, startForTest } from './test-support';

/** The control API: behaviours queued per key or model, recorded requests, timing, validation. */

let sim: RunningAiSimulator;
before(async () => (sim = await startForTest()));
after(() => sim.close());

const status = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: { status?: number }) => error.status,
  );

describe('POST /_sim/ai/next', () => {
  test('queues a behaviour for one key only, used up after `times` requests', async () => {
    const key = freshKey();
    const other = chatDriver(sim.url, freshKey());
    const driver = chatDriver(sim.url, key);
    const queued = await control(sim.url, 'POST', '/next', { key, behaviour: 'rate_limit', times: 2 });
    assert.deepEqual(queued, { status: 200, body: { key, behaviour: 'rate_limit', times: 2 } });
    assert.equal(await status(other.complete({ text: 'hi' })), 200, 'another key is unaffected');
    assert.equal(await status(driver.complete({ text: 'hi' })), 429);
    assert.equal(await status(driver.stream({ text: 'hi' })), 429);
    assert.equal(await status(driver.complete({ text: 'hi' })), 200);
  });

  test('queues per model, and a queued behaviour wins over a marker', async () => {
    const model = `sim/test-${freshKey()}`;
    await control(sim.url, 'POST', '/next', { model, behaviour: 'error' });
    const driver = responsesDriver(sim.url, freshKey());
    assert.equal(await status(driver.complete({ text: '[[sim:auth]]', model })), 500);
    assert.equal(await status(driver.complete({ text: '[[sim:auth]]', model })), 401);
    assert.equal(await status(driver.complete({ text: 'hi', model })), 200);
  });

  test('refuses bad bodies with a clear message', async () => {
    for (const [body, pattern] of [
      [{ behaviour: 'error' }, /exactly one of `key` and `model`/],
      [{ key: 'sim-a', model: 'm', behaviour: 'error' }, /exactly one/],
      [{ key: 'sim-a', behaviour: 'explode' }, /behaviour/],
      [{ key: 'sim-a', behaviour: 'error', times: 0 }, /times/],
      [{ key: 'sim-a', behaviour: 'error', extra: 1 }, /extra/],
    ] as const) {
      const answer = await control(sim.url, 'POST', '/next', body);
      assert.equal(answer.status, 400, JSON.stringify(body));
      assert.match(answer.body.error, pattern);
    }
    const notJson = await fetch(`${sim.url}/_sim/ai/next`, { method: 'POST', body: 'nope' });
    assert.equal(notJson.status, 400);
  });
});

describe('GET /_sim/ai/requests', () => {
  test('returns the generation requests of that key, oldest first', async () => {
    const key = freshKey();
    await chatDriver(sim.url, key).complete({ text: 'first', system: 'secret-free prompt' });
    await responsesDriver(sim.url, key)
      .stream({ text: 'second [[sim:error]]' })
      .catch(() => {});
    await chatDriver(sim.url, freshKey()).complete({ text: 'someone else' });
    const { status: code, body } = await control(sim.url, 'GET', `/requests?key=${key}`);
    assert.equal(code, 200);
    assert.deepEqual(
      body.map((r: { api: string; model: string }) => [r.api, r.model]),
      [
        ['openai_chat', 'sim/steady'],
        ['openai_responses', 'sim/steady'],
      ],
    );
    assert.equal(body[0].body.messages[0].content, 'secret-free prompt');
    assert.ok(!Number.isNaN(Date.parse(body[0].at)));
    assert.deepEqual((await control(sim.url, 'GET', `/requests?key=${freshKey()}`)).body, []);
    assert.equal((await control(sim.url, 'GET', '/requests')).status, 400);
  });

  test('keeps the last 200 per key', async () => {
    const key = freshKey();
    const driver = chatDriver(sim.url, key);
    for (let i = 0; i < 205; i++) await driver.complete({ text: `n${i}` });
    const { body } = await control(sim.url, 'GET', `/requests?key=${key}`);
    assert.equal(body.length, 200);
    assert.equal(body[0].body.messages[0].content, 'n5');
  });
});

describe('timing, health and unknown routes', () => {
  test('POST /_sim/ai/config changes the pace at runtime', async () => {
    assert.deepEqual((await control(sim.url, 'POST', '/config', { ttft_ms: 150, token_ms: 20 })).body, { ttft_ms: 150, token_ms: 20 });
    try {
      const started = Date.now();
      const answer = await chatDriver(sim.url, freshKey()).stream({ text: 'one two three' });
      // First token after 150 ms, then four more 20 ms apart.
      assert.ok(Date.now() - started >= 150 + 4 * 20 - 5, `took ${Date.now() - started} ms`);
      assert.equal(answer.text, 'You said: one two three');
    } finally {
      await control(sim.url, 'POST', '/config', { ttft_ms: 0, token_ms: 0 });
    }
    assert.equal((await control(sim.url, 'POST', '/config', { ttft_ms: -1 })).status, 400);
  });

  test('health, and 404s in each provider format', async () => {
    assert.deepEqual((await control(sim.url, 'GET', '/health')).body, { ok: true });
    assert.equal((await control(sim.url, 'GET', '/nothing')).status, 404);
    const openai404 = await fetch(`${sim.url}/openai/v1/embeddings`, { method: 'POST' });
    assert.equal(openai404.status, 404);
    assert.ok(((await openai404.json()) as { error: { message: string } }).error.message);
    const anthropic404 = await fetch(`${sim.url}/anthropic/v1/complete`, { method: 'POST' });
    assert.equal(((await anthropic404.json()) as { type: string }).type, 'error');
  });
});
