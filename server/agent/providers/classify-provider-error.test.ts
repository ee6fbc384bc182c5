import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as Anthropic from '@anthropic-ai/sdk';
import * as OpenAI from 'openai';
import { classifyProviderError } from './classify-provider-error';
import { ProviderFailure } from './provider-failure';

/** The statuses the simulator does not produce, as the SDKs would raise them. */
const openaiError = (status: number, body: object = {}, headers: Record<string, string> = {}) =>
  OpenAI.APIError.generate(status, { error: body }, undefined, new Headers(headers));
const anthropicError = (status: number, type: string) =>
  Anthropic.APIError.generate(status, { type: 'error', error: { type, message: type } }, undefined, new Headers());

const codeOf = (error: unknown, stage: 'request' | 'stream' = 'request') => (classifyProviderError(error, stage) as ProviderFailure).code;

test('statuses map as docs/agent-api.md §1.11 says', () => {
  assert.equal(codeOf(openaiError(403)), 'provider_auth_failed');
  assert.equal(codeOf(openaiError(404)), 'provider_bad_request');
  assert.equal(codeOf(openaiError(422)), 'provider_bad_request');
  assert.equal(codeOf(openaiError(502)), 'provider_unavailable');
  assert.equal(codeOf(openaiError(503, { message: 'Service Unavailable' })), 'provider_unavailable');
  assert.equal(codeOf(openaiError(503, { message: 'The engine is currently overloaded' })), 'provider_overloaded');
  assert.equal(codeOf(anthropicError(503, 'overloaded_error')), 'provider_overloaded');
  assert.equal(codeOf(anthropicError(529, 'overloaded_error')), 'provider_overloaded');
  assert.equal(codeOf(openaiError(504)), 'provider_error');
});

test('retry-after is read in seconds, as an HTTP date and as OpenAI retry-after-ms', () => {
  const retryAfter = (headers: Record<string, string>) =>
    (classifyProviderError(openaiError(429, {}, headers), 'request') as ProviderFailure).retryAfterMs;
  assert.equal(retryAfter({ 'retry-after': '2' }), 2000);
  assert.equal(retryAfter({ 'retry-after-ms': '150', 'retry-after': '2' }), 150);
  const inFiveSeconds = retryAfter({ 'retry-after': new Date(Date.now() + 5000).toUTCString() }) ?? 0;
  assert.ok(inFiveSeconds > 3000 && inFiveSeconds <= 5000, String(inFiveSeconds));
  assert.equal(retryAfter({}), undefined);
});

test('a connect time-out is ours → provider_timeout; a lost connection depends on whether the answer had begun', () => {
  const connectTimeout = Object.assign(new Error('Connect Timeout Error'), { code: 'UND_ERR_CONNECT_TIMEOUT' });
  assert.equal(codeOf(new OpenAI.APIConnectionError({ cause: new TypeError('fetch failed', { cause: connectTimeout }) })), 'provider_timeout');
  const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
  assert.equal(codeOf(new Anthropic.APIConnectionError({ cause: reset })), 'provider_unavailable');
  assert.equal(codeOf(new TypeError('terminated', { cause: reset }), 'stream'), 'provider_error');
});

test('errors that are not the provider pass through unchanged', () => {
  const bug = new RangeError('our own mistake');
  assert.equal(classifyProviderError(bug, 'stream'), bug);
});
