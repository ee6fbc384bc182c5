import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPlatformClient, PlatformError } from './client';

const client = (fetch: typeof globalThis.fetch, timeoutMs?: number) =>
  createPlatformClient({ baseUrl: 'https://graph.example/', apiVersion: 'v23.0', accessToken: 'T', fetch, ...(timeoutMs ? { timeoutMs } : {}) });

async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(
    () => assert.fail('expected failure'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof PlatformError);
  return error;
}

test('Graph errors become PlatformError classified by code', async () => {
  const graph = (code: number, status: number) => async () =>
    Response.json({ error: { message: `(#${code}) x`, code, error_data: { details: 'd' }, fbtrace_id: 'F' } }, { status });
  const limited = await failure(client(graph(130429, 400)).markRead('P', 'w'));
  assert.deepEqual([limited.code, limited.retryable, limited.details, limited.fbtraceId], [130429, true, 'd', 'F']);
  const refused = await failure(client(graph(131026, 400)).markRead('P', 'w'));
  assert.equal(refused.retryable, false);
  const html = await failure(client(async () => new Response('<html>', { status: 502 })).markRead('P', 'w'));
  assert.deepEqual([html.code, html.httpStatus, html.retryable], [-1, 502, true]);
});

test('network failures and timeouts are retryable PlatformErrors', async () => {
  const down = await failure(
    client(async () => {
      throw new TypeError('fetch failed');
    }).markRead('P', 'w'),
  );
  assert.deepEqual([down.httpStatus, down.retryable], [null, true]);
  // AbortSignal.timeout does not keep the process alive; a real socket would, so this timer stands in.
  const hang: typeof fetch = (_url, init) =>
    new Promise((_, reject) => {
      const keepAlive = setTimeout(() => reject(new Error('not aborted')), 1000);
      init?.signal?.addEventListener('abort', () => {
        clearTimeout(keepAlive);
        reject(init.signal?.reason);
      });
    });
  const slow = await failure(client(hang, 20).markRead('P', 'w'));
  assert.match(slow.message, /timed out after 20 ms/);
  assert.equal(slow.retryable, true);
});

test('requests carry the version, bearer token and follow template paging', async () => {
  const seen: string[] = [];
  const fake: typeof fetch = async (url, init) => {
    seen.push(String(url));
    assert.equal(new Headers(init?.headers).get('authorization'), 'Bearer T');
    const page = String(url).includes('after=') ? 2 : 1;
    return Response.json({
      data: [{ id: String(page), name: `t${page}` }],
      paging: { cursors: { after: 'C' }, ...(page === 1 ? { next: 'https://elsewhere/next' } : {}) },
    });
  };
  const names = (await client(fake).listTemplates('W')).map((t) => t.name);
  assert.deepEqual(names, ['t1', 't2']);
  assert.deepEqual(seen, [
    'https://graph.example/v23.0/W/message_templates?limit=100',
    'https://graph.example/v23.0/W/message_templates?limit=100&after=C',
  ]);
});
