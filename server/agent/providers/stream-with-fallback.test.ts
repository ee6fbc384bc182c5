import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { RunningAiSimulator } from '@/simulator/ai/server';
import type { ModelEvent, ProviderApi } from './model-events';
import { createProviderClient } from './provider-client';
import { failureOf, freshKey, providerApis, requestsSent, simulatorBaseUrl, startSimulator, textOf } from './provider-test-support';
import { streamWithFallback, type FallbackAttempt, type FallbackCandidate, type ModelEventFrom } from './stream-with-fallback';

let simulator: RunningAiSimulator;
before(async () => {
  simulator = await startSimulator();
});
after(() => simulator.close());

function candidate(api: ProviderApi, modelId: string, text: string, apiKey = freshKey()): FallbackCandidate {
  return {
    modelId,
    client: createProviderClient({ api, apiKey, baseURL: simulatorBaseUrl(simulator.url, api) }),
    request: { model: modelId, turns: [{ role: 'user', text }] },
  };
}

/** Runs a fallback the way a streaming client would: a text delta counts as delivered once seen. */
function run(candidates: FallbackCandidate[], deliver = true) {
  const attempts: FallbackAttempt[] = [];
  const seen: ModelEventFrom[] = [];
  let delivered = false;
  const stream = (async function* () {
    for await (const tagged of streamWithFallback(candidates, {
      deltasDelivered: () => delivered,
      onAttempt: (attempt) => attempts.push(attempt),
    })) {
      seen.push(tagged);
      if (deliver && tagged.event.type === 'text_delta') delivered = true;
      yield tagged;
    }
  })();
  const eventsOf = (modelId: string): ModelEvent[] => seen.filter((tagged) => tagged.modelId === modelId).map((tagged) => tagged.event);
  return { stream, attempts, seen, eventsOf };
}

async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of stream) continue;
}

for (const api of providerApis) {
  test(`${api}: sim/flaky fails over to sim/steady, and both attempts are reported`, async () => {
    const { stream, attempts, seen, eventsOf } = run([candidate(api, 'sim/flaky', 'Hello'), candidate(api, 'sim/steady', 'Hello')]);
    await drain(stream);
    assert.deepEqual(attempts, [{ modelId: 'sim/flaky', code: 'provider_overloaded' }, { modelId: 'sim/steady' }]);
    assert.ok(seen.every((tagged) => tagged.modelId === 'sim/steady'));
    assert.equal(textOf(eventsOf('sim/steady')), 'You said: Hello');
  });
}

test('an auth failure does not fall back: another model on the same key would fail the same way', async () => {
  const next = candidate('openai_responses', 'sim/steady', 'Hello');
  const { stream, attempts } = run([candidate('openai_responses', 'sim/steady', 'Hello', 'sim-revoked'), next]);
  assert.equal((await failureOf(stream)).code, 'provider_auth_failed');
  assert.deepEqual(attempts, [{ modelId: 'sim/steady', code: 'provider_auth_failed' }]);
});

test('a bad request does not fall back', async () => {
  const { stream, attempts } = run([
    candidate('anthropic_messages', 'sim/a', '[[sim:bad_request]]'),
    candidate('anthropic_messages', 'sim/b', 'Hello'),
  ]);
  assert.equal((await failureOf(stream)).code, 'provider_bad_request');
  assert.deepEqual(attempts, [{ modelId: 'sim/a', code: 'provider_bad_request' }]);
});

test('no fallback once a delta reached the client: the failure is thrown and the next model never asked', async () => {
  const nextKey = freshKey();
  const { stream, attempts, seen } = run([
    candidate('openai_chat', 'sim/a', '[[sim:stream_error]] one two three four five'),
    candidate('openai_chat', 'sim/b', 'Hello', nextKey),
  ]);
  assert.equal((await failureOf(stream)).code, 'provider_overloaded');
  assert.ok(seen.some((tagged) => tagged.event.type === 'text_delta'));
  assert.deepEqual(attempts, [{ modelId: 'sim/a', code: 'provider_overloaded' }]);
  assert.equal((await requestsSent(simulator.url, nextKey)).length, 0);
});

test('where nothing was delivered yet (a WhatsApp reply), a failure mid-stream still falls back; events say which model they came from', async () => {
  const { stream, attempts, eventsOf } = run(
    [candidate('openai_chat', 'sim/a', '[[sim:stream_error]] one two three four five'), candidate('openai_chat', 'sim/b', 'Hello')],
    false,
  );
  await drain(stream);
  assert.deepEqual(attempts, [{ modelId: 'sim/a', code: 'provider_overloaded' }, { modelId: 'sim/b' }]);
  assert.ok(eventsOf('sim/a').length > 0, 'the failed model streamed some text first');
  assert.equal(textOf(eventsOf('sim/b')), 'You said: Hello');
});

test('a refusal moves on to the next model and is not passed on', async () => {
  const { stream, attempts, seen } = run([
    candidate('anthropic_messages', 'sim/a', '[[sim:refusal]] hi'),
    candidate('openai_responses', 'sim/b', 'Hello'),
  ]);
  await drain(stream);
  assert.deepEqual(attempts, [{ modelId: 'sim/a', code: 'provider_refusal' }, { modelId: 'sim/b' }]);
  assert.ok(!seen.some((tagged) => tagged.event.type === 'refusal'));
});

test('when every model fails, the last failure is thrown (a refusal as provider_refusal)', async () => {
  const failed = run([candidate('openai_chat', 'sim/flaky', 'Hello'), candidate('openai_chat', 'sim/steady', '[[sim:error]]')]);
  assert.equal((await failureOf(failed.stream)).code, 'provider_error');
  assert.deepEqual(
    failed.attempts.map((attempt) => attempt.code),
    ['provider_overloaded', 'provider_error'],
  );

  const refused = run([candidate('openai_chat', 'sim/flaky', 'Hello'), candidate('openai_responses', 'sim/steady', '[[sim:refusal]]')]);
  assert.equal((await failureOf(refused.stream)).code, 'provider_refusal');
});
