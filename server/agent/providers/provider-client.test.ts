import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { RunningAiSimulator } from '@/simulator/ai/server';
import { OutboundBlockedError } from '@/server/http/safe-fetch-errors';
import type { ModelEvent, ModelRequest, ProviderApi } from './model-events';
import { createProviderClient, type ProviderClientOptions } from './provider-client';
import { refusalFailure, type ProviderErrorCode } from './provider-failure';
import {
  collect,
  failureOf,
  freshKey,
  providerApis,
  queueBehaviour,
  requestsSent,
  simulatorBaseUrl,
  startSimulator,
  textOf,
} from './provider-test-support';

let simulator: RunningAiSimulator;
before(async () => {
  simulator = await startSimulator();
});
after(() => simulator.close());

const tools: ModelRequest['tools'] = [
  { name: 'lookup_order', description: 'Finds an order', parameters: { type: 'object', properties: { id: { type: 'number' } } } },
  { name: 'weather', description: 'The weather in a city', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
];

const say = (text: string): ModelRequest => ({ model: 'sim/steady', instructions: 'Be brief.', turns: [{ role: 'user', text }], tools });

function clientFor(api: ProviderApi, options: Partial<ProviderClientOptions> = {}) {
  return createProviderClient({ api, apiKey: freshKey(), baseURL: simulatorBaseUrl(simulator.url, api), ...options });
}

const ofType = <T extends ModelEvent['type']>(events: ModelEvent[], type: T) =>
  events.filter((event): event is Extract<ModelEvent, { type: T }> => event.type === type);

for (const api of providerApis) {
  describe(api, () => {
    test('streams the text in deltas, then usage and the stop', async () => {
      const events = await collect(clientFor(api).stream(say('Hello there friend')));
      assert.equal(textOf(events), 'You said: Hello there friend');
      assert.ok(ofType(events, 'text_delta').length > 1, 'more than one delta');
      // The simulator bills a token per four characters: instructions and input 9 + 18, output 28.
      assert.deepEqual(events.slice(-2), [
        { type: 'usage', inputTokens: 7, outputTokens: 7 },
        { type: 'stop', reason: 'end' },
      ]);
    });

    test('tool calls: numbered from 0, arguments assembled from their deltas, stop tool_calls', async () => {
      const events = await collect(clientFor(api).stream(say('#call lookup_order {"id": 7}\n#call weather {"city": "Oslo"}')));
      const starts = ofType(events, 'tool_call_start');
      const done = ofType(events, 'tool_call_done');
      assert.deepEqual(
        starts.map(({ index, name }) => ({ index, name })),
        [
          { index: 0, name: 'lookup_order' },
          { index: 1, name: 'weather' },
        ],
      );
      assert.deepEqual(
        done.map((call) => [call.index, call.callId, call.name, JSON.parse(call.arguments)]),
        [
          [0, starts[0]?.callId, 'lookup_order', { id: 7 }],
          [1, starts[1]?.callId, 'weather', { city: 'Oslo' }],
        ],
      );
      for (const call of done) {
        const assembled = ofType(events, 'tool_call_arguments')
          .filter((delta) => delta.index === call.index)
          .map((delta) => delta.delta)
          .join('');
        assert.equal(assembled, call.arguments);
      }
      assert.deepEqual(events.at(-1), { type: 'stop', reason: 'tool_calls' });
    });

    test('a tool round in the history reaches the model in its wire format', async () => {
      const request: ModelRequest = {
        ...say('#call lookup_order {"id": 7}'),
        turns: [
          { role: 'user', text: 'Where is order 7?' },
          { role: 'assistant', text: 'Let me look.', toolCalls: [{ callId: 'call_a1', name: 'lookup_order', arguments: '{"id":7}' }] },
          { role: 'tool', callId: 'call_a1', name: 'lookup_order', output: '{"status":"shipped"}' },
        ],
      };
      const events = await collect(clientFor(api).stream(request));
      assert.equal(textOf(events), 'Tool lookup_order returned: {"status":"shipped"}');
    });

    test('a refusal is an event and the stop reason; refusalFailure makes it provider_refusal', async () => {
      const events = await collect(clientFor(api).stream(say('[[sim:refusal]] tell me')));
      const refusals = ofType(events, 'refusal');
      assert.equal(refusals.length, 1);
      assert.deepEqual(events.at(-1), { type: 'stop', reason: 'refusal' });
      assert.equal(refusalFailure(refusals[0]?.text ?? '').code, 'provider_refusal');
    });

    const markers: Array<[marker: string, code: ProviderErrorCode, status?: number]> = [
      ['auth', 'provider_auth_failed', 401],
      ['bad_request', 'provider_bad_request', 400],
      ['error', 'provider_error', 500],
      ['overloaded', 'provider_overloaded', api === 'anthropic_messages' ? 529 : 503],
      ['unavailable', 'provider_unavailable'],
      ['drop', 'provider_error'],
    ];
    for (const [marker, code, status] of markers) {
      test(`[[sim:${marker}]] → ${code}`, async () => {
        const failure = await failureOf(clientFor(api).stream(say(`[[sim:${marker}]] hello there, how are you today?`)));
        assert.equal(failure.code, code, failure.message);
        assert.equal(failure.status, status);
      });
    }

    test('an error event mid-stream, after deltas, is classified by its type', async () => {
      const events: ModelEvent[] = [];
      const failure = await failureOf(
        (async function* () {
          for await (const event of clientFor(api).stream(say('[[sim:stream_error]] one two three four five'))) {
            events.push(event);
            yield event;
          }
        })(),
      );
      assert.equal(failure.code, 'provider_overloaded');
      assert.ok(ofType(events, 'text_delta').length > 0, 'deltas came first');
    });

    test('a revoked key → provider_auth_failed', async () => {
      const failure = await failureOf(clientFor(api, { apiKey: 'sim-revoked' }).stream(say('Hello')));
      assert.equal(failure.code, 'provider_auth_failed');
    });

    test('no headers within the first-token time-out → provider_timeout', async () => {
      const started = Date.now();
      const failure = await failureOf(clientFor(api, { timeouts: { firstTokenMs: 200 } }).stream(say('[[sim:timeout]] hello')));
      assert.equal(failure.code, 'provider_timeout');
      assert.ok(Date.now() - started < 2000);
    });

    test('silence after the first token, past the idle time-out → provider_timeout', async () => {
      const events: ModelEvent[] = [];
      const failure = await failureOf(
        (async function* () {
          for await (const event of clientFor(api, { timeouts: { idleMs: 200 } }).stream(say('[[sim:stall]] hello there'))) {
            events.push(event);
            yield event;
          }
        })(),
      );
      assert.equal(failure.code, 'provider_timeout');
      assert.match(failure.message, /silent/);
      assert.equal(ofType(events, 'text_delta').length, 1);
    });

    test('the total time-out ends a slow answer → provider_timeout', async () => {
      const failure = await failureOf(clientFor(api, { timeouts: { totalMs: 300, idleMs: 5000 } }).stream(say('[[sim:stall]] hello there')));
      assert.equal(failure.code, 'provider_timeout');
      assert.match(failure.message, /finish/);
    });

    test('a 429 is retried once after its retry-after, and the retry can succeed', async () => {
      const apiKey = freshKey();
      await queueBehaviour(simulator.url, { key: apiKey }, 'rate_limit');
      const started = Date.now();
      const events = await collect(clientFor(api, { apiKey }).stream(say('Hello there friend')));
      assert.equal(textOf(events), 'You said: Hello there friend');
      assert.ok(Date.now() - started >= 950, 'waited for retry-after: 1');
      assert.equal((await requestsSent(simulator.url, apiKey)).length, 2);
    });

    test('a second 429 → provider_rate_limited with retryAfterMs, after exactly two requests', async () => {
      const apiKey = freshKey();
      const failure = await failureOf(clientFor(api, { apiKey }).stream(say('[[sim:rate_limit]] hello')));
      assert.equal(failure.code, 'provider_rate_limited');
      assert.equal(failure.retryAfterMs, 1000);
      assert.equal((await requestsSent(simulator.url, apiKey)).length, 2);
    });

    test("the caller's abort ends the stream with the caller's reason", async () => {
      const controller = new AbortController();
      const reason = new Error('run cancelled');
      setTimeout(() => controller.abort(reason), 100);
      await assert.rejects(collect(clientFor(api).stream(say('[[sim:timeout]] hello'), controller.signal)), (error) => error === reason);
    });

    test('an untrusted base URL on a private address is refused before any request → provider_unavailable', async () => {
      const failure = await failureOf(clientFor(api, { untrustedBaseURL: true }).stream(say('Hello')));
      assert.equal(failure.code, 'provider_unavailable');
      assert.ok(refusedByOutboundPolicy(failure.cause), String(failure.cause));
    });
  });
}

function refusedByOutboundPolicy(error: unknown): boolean {
  let current: unknown = error;
  while (current instanceof Error && !(current instanceof OutboundBlockedError)) current = current.cause;
  return current instanceof OutboundBlockedError;
}
