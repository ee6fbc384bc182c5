import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { ProviderFailure } from './provider-failure';
import { CallDeadline } from './provider-timeouts';

const short = { connectMs: 1000, firstTokenMs: 20, idleMs: 20, totalMs: 40 };

test('a limit that passes aborts the call with provider_timeout', async () => {
  const deadline = new CallDeadline(short);
  await sleep(30);
  assert.ok(deadline.signal.aborted);
  assert.ok(deadline.abortReason instanceof ProviderFailure);
  assert.equal(deadline.abortReason.code, 'provider_timeout');
  deadline.dispose();
});

test('disposed while the request may be open (the consumer stopped reading): the request is aborted', () => {
  const deadline = new CallDeadline(short);
  deadline.dispose();
  assert.ok(deadline.signal.aborted);
});

test('disposed after the answer was read to its end: nothing is aborted, and no limit fires later', async () => {
  const deadline = new CallDeadline(short);
  deadline.sawEvent();
  deadline.dispose(true);
  await sleep(60);
  assert.equal(deadline.signal.aborted, false);
  assert.equal(deadline.abortReason, undefined);
});

test("the caller's abort after disposal no longer reaches the call", () => {
  const caller = new AbortController();
  const deadline = new CallDeadline(short, caller.signal);
  deadline.dispose(true);
  caller.abort(new Error('gone'));
  assert.equal(deadline.signal.aborted, false);
});
