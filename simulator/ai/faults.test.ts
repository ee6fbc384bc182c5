import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import type { RunningAiSimulator } from './server';
import { allDrivers, anthropicClient, freshKey, openaiClient, startForTest, type Driver } from './test-support';

/**
 * Error markers, connection faults, `sim/flaky` and keys, seen through the official SDKs: each
 * must surface as the SDK's own error class and status, on every wire format.
 */

let sim: RunningAiSimulator;
before(async () => (sim = await startForTest()));
after(() => sim.close());

type ErrorClass = abstract new (...args: never[]) => Error;
const STATUS_ERRORS: Array<{ marker: string; openai: [ErrorClass, number]; anthropic: [ErrorClass, number] }> = [
  { marker: 'auth', openai: [OpenAI.AuthenticationError, 401], anthropic: [Anthropic.AuthenticationError, 401] },
  { marker: 'bad_request', openai: [OpenAI.BadRequestError, 400], anthropic: [Anthropic.BadRequestError, 400] },
  { marker: 'error', openai: [OpenAI.InternalServerError, 500], anthropic: [Anthropic.InternalServerError, 500] },
  { marker: 'overloaded', openai: [OpenAI.InternalServerError, 503], anthropic: [Anthropic.OverloadedError, 529] },
  { marker: 'rate_limit', openai: [OpenAI.RateLimitError, 429], anthropic: [Anthropic.RateLimitError, 429] },
];

const providerOf = (driver: Driver) => (driver.api === 'anthropic_messages' ? 'anthropic' : 'openai');
const forEachDriver = (name: string, check: (driver: Driver) => Promise<void>) => {
  for (const api of ['openai_chat', 'openai_responses', 'anthropic_messages'] as const) {
    test(`${name} (${api})`, () => check(allDrivers(sim.url, freshKey()).find((d) => d.api === api)!));
  }
};

/** The error the promise rejects with. */
async function failure(
  promise: Promise<unknown>,
): Promise<Error & { status?: number; headers?: Headers; requestID?: string | null; type?: string | null }> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('error markers answer with the provider status and body', () => {
  for (const { marker, ...expected } of STATUS_ERRORS) {
    forEachDriver(`[[sim:${marker}]]`, async (driver) => {
      const [errorClass, status] = expected[providerOf(driver)];
      for (const mode of ['complete', 'stream'] as const) {
        const error = await failure(driver[mode]({ text: `hello [[sim:${marker}]]` }));
        assert.ok(error instanceof errorClass, `${mode}: ${error.constructor.name} is not ${errorClass.name}`);
        assert.equal(error.status, status);
        assert.ok(error.requestID?.startsWith('req_'), `${mode}: request id`);
        if (marker === 'rate_limit') assert.equal(error.headers?.get('retry-after'), '1');
      }
    });
  }

  test('the OpenAI overload body says overloaded; Anthropic names overloaded_error', async () => {
    const openaiError = await failure(
      openaiClient(sim.url, freshKey()).chat.completions.create({ model: 'x', messages: [{ role: 'user', content: '[[sim:overloaded]]' }] }),
    );
    assert.match(openaiError.message, /overloaded/);
    const anthropicError = await failure(
      anthropicClient(sim.url, freshKey()).messages.create({
        model: 'x',
        max_tokens: 9,
        messages: [{ role: 'user', content: '[[sim:overloaded]]' }],
      }),
    );
    assert.equal(anthropicError.type, 'overloaded_error');
  });
});

const SDK_TIMEOUT_MS = 300;
const isConnectionError = (error: Error) => error instanceof OpenAI.APIConnectionError || error instanceof Anthropic.APIConnectionError;
const isTimeout = (error: Error) => error instanceof OpenAI.APIConnectionTimeoutError || error instanceof Anthropic.APIConnectionTimeoutError;

/** Reads events until the stream fails, ends, or stays silent for `quietMs`. */
async function readUntilQuiet(
  events: AsyncIterator<unknown>,
  quietMs: number,
): Promise<{ events: unknown[]; outcome: 'quiet' | 'ended' | Error }> {
  const seen: unknown[] = [];
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    const quiet = new Promise<'quiet'>((resolve) => (timer = setTimeout(() => resolve('quiet'), quietMs)));
    try {
      const next = await Promise.race([events.next(), quiet]);
      if (next === 'quiet') return { events: seen, outcome: 'quiet' };
      if (next.done) return { events: seen, outcome: 'ended' };
      seen.push(next.value);
    } catch (error) {
      return { events: seen, outcome: error as Error };
    } finally {
      clearTimeout(timer);
    }
  }
}

describe('connection faults', () => {
  forEachDriver('[[sim:timeout]] never sends headers: the SDK times out', async (driver) => {
    for (const mode of ['complete', 'stream'] as const) {
      const error = await failure(driver[mode]({ text: '[[sim:timeout]]', timeout: SDK_TIMEOUT_MS }));
      assert.ok(isTimeout(error), `${mode}: ${error.constructor.name}`);
    }
  });

  forEachDriver('[[sim:unavailable]] closes the socket: a connection error', async (driver) => {
    for (const mode of ['complete', 'stream'] as const) {
      const error = await failure(driver[mode]({ text: '[[sim:unavailable]]' }));
      assert.ok(isConnectionError(error) && !isTimeout(error), `${mode}: ${error.constructor.name}`);
    }
  });

  forEachDriver('[[sim:stall]] streams one token, then silence', async (driver) => {
    const stream = await driver.open({ text: 'alpha beta gamma delta [[sim:stall]]' });
    const { events, outcome } = await readUntilQuiet(stream.events, SDK_TIMEOUT_MS);
    stream.abort();
    assert.equal(outcome, 'quiet');
    const seen = JSON.stringify(events);
    assert.match(seen, /"You"/);
    assert.doesNotMatch(seen, / said:/);
    const whole = await failure(driver.complete({ text: '[[sim:stall]]', timeout: SDK_TIMEOUT_MS }));
    assert.ok(isTimeout(whole), `complete: ${whole.constructor.name}`);
  });

  forEachDriver('[[sim:drop]] cuts the stream after a few tokens', async (driver) => {
    const stream = await driver.open({ text: '[[sim:tokens=20]] [[sim:drop]]' });
    const { events, outcome } = await readUntilQuiet(stream.events, 5_000);
    assert.ok(outcome instanceof Error, `outcome: ${String(outcome)}`);
    const seen = JSON.stringify(events);
    assert.match(seen, /w3/);
    assert.doesNotMatch(seen, /w4/);
    const whole = await failure(driver.complete({ text: '[[sim:drop]]' }));
    assert.ok(isConnectionError(whole), `complete: ${whole.constructor.name}`);
  });

  forEachDriver('[[sim:stream_error]] sends the provider error event after a few tokens', async (driver) => {
    const stream = await driver.open({ text: '[[sim:tokens=20]] [[sim:stream_error]]' });
    const { events, outcome } = await readUntilQuiet(stream.events, 5_000);
    // The openai 6 SDK throws on a Chat Completions error chunk but yields the Responses API's
    // `error` event as an event (its documented type), which the adapter turns into a failure.
    const errorEvent = events.find((event) => (event as { type?: unknown }).type === 'error') as { message?: string } | undefined;
    const reported =
      errorEvent?.message ?? (outcome instanceof OpenAI.APIError || outcome instanceof Anthropic.APIError ? outcome.message : undefined);
    assert.ok(reported !== undefined, `outcome: ${String(outcome)}`);
    assert.match(reported, /overloaded/);
    assert.match(JSON.stringify(events), /w3/);
  });
});

describe('models and keys', () => {
  forEachDriver('sim/flaky is always overloaded; sim/steady and others answer', async (driver) => {
    const [errorClass, status] = STATUS_ERRORS.find((e) => e.marker === 'overloaded')![providerOf(driver)];
    for (let i = 0; i < 2; i++) {
      const error = await failure(driver.complete({ text: 'hi', model: 'sim/flaky' }));
      assert.ok(error instanceof errorClass && error.status === status);
    }
    assert.equal((await driver.stream({ text: 'hi', model: 'sim/steady' })).text, 'You said: hi');
    assert.equal((await driver.complete({ text: 'hi', model: 'gpt-anything' })).text, 'You said: hi');
  });

  test('sim-revoked, keys not starting sim- and missing keys are refused with 401 by both providers', async () => {
    for (const key of ['sim-revoked', 'sk-live-real-key']) {
      for (const driver of allDrivers(sim.url, key)) {
        const error = await failure(driver.complete({ text: 'hi' }));
        assert.equal(error.status, 401, `${driver.api} with ${key}`);
      }
      assert.equal((await failure(openaiClient(sim.url, key).models.list())).status, 401);
      assert.equal((await failure(anthropicClient(sim.url, key).models.list())).status, 401);
    }
    const bare = await fetch(`${sim.url}/openai/v1/chat/completions`, { method: 'POST', body: '{}' });
    assert.equal(bare.status, 401);
    assert.deepEqual(((await bare.json()) as { error: { code: string } }).error.code, 'invalid_api_key');
  });

  test('Anthropic takes the key as x-api-key too', async () => {
    const res = await fetch(`${sim.url}/anthropic/v1/models`, { headers: { 'x-api-key': 'sim-header' } });
    assert.equal(res.status, 200);
    const revoked = await fetch(`${sim.url}/anthropic/v1/models`, { headers: { 'x-api-key': 'sim-revoked' } });
    assert.equal(revoked.status, 401);
    assert.equal(((await revoked.json()) as { error: { type: string } }).error.type, 'authentication_error');
  });
});

test('close() ends held requests instead of waiting for them', async () => {
  const own = await startForTest();
  const driver = allDrivers(own.url, freshKey())[0]!;
  const timedOut = failure(driver.complete({ text: '[[sim:timeout]]' }));
  const stalled = driver.open({ text: '[[sim:stall]]' }).then((stream) => readUntilQuiet(stream.events, 10_000));
  await new Promise((resolve) => setTimeout(resolve, 100));
  const started = Date.now();
  await own.close();
  assert.ok(Date.now() - started < 1_000);
  assert.ok(isConnectionError(await timedOut));
  const { outcome } = await stalled;
  assert.ok(outcome instanceof Error, `stalled stream: ${String(outcome)}`);
});
