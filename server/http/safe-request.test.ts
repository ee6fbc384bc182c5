import assert from 'node:assert/strict';
import type { Socket } from 'node:net';
import { test } from 'node:test';
import { OutboundBlockedError, OutboundTimeoutError } from './safe-fetch-errors';
import { createOutboundAgent, safeRequest, type SafeRequestOptions } from './safe-request';
import { serve } from './serve-for-tests';

// 127.0.0.77 stands for the one allowlisted receiver, 127.0.0.1 for what must stay unreachable.
const allowlist = ['127.0.0.77'];

const post = (agent = createOutboundAgent({ allowlist })): SafeRequestOptions => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: '{}',
  agent,
  timeoutMs: 1_000,
  maxResponseBytes: 16,
});

test('requests to one receiver share kept-alive connections', async () => {
  const sockets = new Set<Socket>();
  const base = await serve('127.0.0.77', (req, res) => {
    sockets.add(req.socket);
    req.resume().on('end', () => res.end('ok'));
  });
  const options = post();
  for (let i = 0; i < 10; i += 1) assert.equal((await safeRequest(`${base}/hook`, options)).body, 'ok');
  assert.ok(sockets.size <= 2, `${sockets.size} connections for 10 requests`);
});

test('what the policy refuses is refused: the URL up front, a name by its addresses at connect time', async () => {
  let hits = 0;
  const target = new URL(
    await serve('127.0.0.1', (_req, res) => {
      hits += 1;
      res.end('secret');
    }),
  );
  await assert.rejects(safeRequest(`${target.origin}/`, post()), OutboundBlockedError);
  const agent = createOutboundAgent({ allowlist, lookup: async () => [{ address: '127.0.0.1', family: 4 }] });
  await assert.rejects(safeRequest(`http://evil.test:${target.port}/`, post(agent)), OutboundBlockedError);
  assert.equal(hits, 0);
});

test('a redirect is returned as it is, and only the start of a long answer is read', async () => {
  const base = await serve('127.0.0.77', (req, res) => {
    if (req.url === '/moved') res.writeHead(302, { location: '/elsewhere' }).end();
    else res.end('x'.repeat(100_000));
  });
  const moved = await safeRequest(`${base}/moved`, post());
  assert.deepEqual([moved.status, moved.headers.location], [302, '/elsewhere']);
  assert.equal((await safeRequest(`${base}/long`, post())).body, 'x'.repeat(16));
});

test('a receiver that never answers times out', async () => {
  const base = await serve('127.0.0.77', () => {});
  const started = Date.now();
  await assert.rejects(safeRequest(`${base}/`, { ...post(), timeoutMs: 300 }), OutboundTimeoutError);
  assert.ok(Date.now() - started < 2_000);
});
