import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { z } from 'zod';
import { db } from '@/server/db';
import { randomBase62 } from '@/server/db/ids';
import { CLIENT_ADDRESS_HEADER } from '@/server/http/client-address';
import { closeRedis } from '@/server/redis';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { agentRoute } from './agent-route';

/** The wrapper's own promises, on a public route (no credential), against the test database and Redis. */
after(async () => {
  closeRedis();
  await db.$disconnect();
});

const spec = defineEndpoint({
  operationId: 'testEcho',
  method: 'POST',
  path: '/v1/test/echo',
  tag: 'Test',
  summary: 'Echo',
  access: 'public',
  body: z.strictObject({ text: z.string().max(10) }),
  idempotent: true,
  response: { status: 201, description: 'The text.' },
});

let release: () => void = () => {};
const route = agentRoute(spec, async (ctx) => {
  if (ctx.body.text === 'slow') await new Promise<void>((resolve) => (release = resolve));
  ctx.warn('external_id_looks_like_phone', '/text');
  return { text: ctx.body.text };
});

/** A request as the web server hands it on: a client address, and a same-origin JSON body. */
function call(body: unknown, headers: Record<string, string> = {}) {
  const request = new Request('http://localhost:3000/agent/v1/test/echo', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'sec-fetch-site': 'same-origin',
      [CLIENT_ADDRESS_HEADER]: `198.51.100.${Math.floor(Math.random() * 200)}`,
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return route(request, { params: Promise.resolve({}) });
}

test('warnings ride on successes, in the language asked for, beside Agent-Version and Content-Language', async () => {
  const res = await call({ text: 'hi' }, { 'accept-language': 'ar' });
  assert.equal(res.status, 201);
  assert.equal(res.headers.get('agent-version'), '2026-10-06');
  assert.equal(res.headers.get('content-language'), 'ar');
  const body = (await res.json()) as { text: string; warnings: Array<{ code: string; message: string; param: string }> };
  assert.equal(body.text, 'hi');
  assert.deepEqual(
    body.warnings.map((w) => [w.code, w.param]),
    [['external_id_looks_like_phone', '/text']],
  );
  assert.match(body.warnings[0]!.message, /[\u0600-\u06FF]/);
});

test('Idempotency-Key: replay, another body (422 reused), still running (409 in progress), too long (400)', async () => {
  const address = { [CLIENT_ADDRESS_HEADER]: '203.0.113.9' };
  const key = `k-${randomBase62(12)}`;
  const first = await call({ text: 'one' }, { ...address, 'idempotency-key': key });
  assert.equal(first.status, 201);
  const replay = await call({ text: 'one' }, { ...address, 'idempotency-key': key });
  assert.equal(replay.headers.get('idempotent-replayed'), 'true');
  assert.deepEqual(await replay.json(), await first.json());
  const reused = await call({ text: 'two' }, { ...address, 'idempotency-key': key });
  assert.deepEqual([reused.status, ((await reused.json()) as { error: { code: string } }).error.code], [422, 'idempotency_key_reused']);

  const slowKey = `k-${randomBase62(12)}`;
  const running = call({ text: 'slow' }, { ...address, 'idempotency-key': slowKey });
  await new Promise((r) => setTimeout(r, 200));
  const meanwhile = await call({ text: 'slow' }, { ...address, 'idempotency-key': slowKey });
  assert.deepEqual([meanwhile.status, ((await meanwhile.json()) as { error: { code: string } }).error.code], [409, 'idempotency_in_progress']);
  release();
  assert.equal((await running).status, 201);

  const tooLong = await call({ text: 'x' }, { ...address, 'idempotency-key': 'k'.repeat(256) });
  assert.deepEqual([tooLong.status, ((await tooLong.json()) as { error: { code: string } }).error.code], [400, 'invalid_idempotency_key']);
});

test('a bad body value is 422 validation_failed at its JSON pointer; an unknown field 400 unknown_field', async () => {
  const long = await call({ text: 'much too long for ten' });
  assert.deepEqual([long.status, ((await long.json()) as { error: { code: string; param: string } }).error.param], [422, '/text']);
  const unknown = await call({ text: 'a', extra: 1 });
  const error = ((await unknown.json()) as { error: { code: string; param: string } }).error;
  assert.deepEqual([unknown.status, error.code, error.param], [400, 'unknown_field', '/extra']);
});
