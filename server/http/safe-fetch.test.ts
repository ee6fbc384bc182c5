import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkOutboundUrl } from './outbound-policy';
import { OutboundBlockedError, OutboundTimeoutError, readCapped, ResponseTooLargeError, safeFetch, TooManyRedirectsError } from './safe-fetch';
import { serve } from './serve-for-tests';

// Linux routes all of 127/8 to loopback: 127.0.0.77 stands for the one allowlisted receiver,
// every other loopback address for what must stay unreachable.
const allowlist = ['127.0.0.77'];

test('validation refuses every private, local and odd form', () => {
  const refused = [
    'http://127.0.0.1/',
    'http://localhost/',
    'http://LOCALHOST./',
    'http://app.localhost/',
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://192.168.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://0.0.0.0/',
    'http://0/',
    'http://[::]/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.1/',
    'http://127.1/',
    'http://100.64.0.1/',
    'http://[fc00::1]/',
    'http://[fd12::1]/',
    'http://[fe80::1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://[::127.0.0.1]/',
    'http://[2002:7f00:1::]/',
    'ftp://example.com/',
    'file:///etc/passwd',
    'http://user:pass@example.com/',
    'nonsense',
  ];
  for (const url of refused) assert.equal(checkOutboundUrl(url).ok, false, url);
});

test('WHATWG parsing normalises numeric IPv4 forms before the check sees them', () => {
  for (const url of ['http://2130706433/', 'http://0177.0.0.1/', 'http://0x7f.1/']) {
    assert.equal(new URL(url).hostname, '127.0.0.1');
  }
  const mapped = checkOutboundUrl('http://[::ffff:127.0.0.1]/');
  assert.ok(!mapped.ok && mapped.reason.includes('loopback'), JSON.stringify(mapped));
});

test('public addresses and names pass validation; the allowlist opens only what it lists', () => {
  assert.equal(checkOutboundUrl('https://93.184.215.14/a.png').ok, true);
  assert.equal(checkOutboundUrl('https://[2606:4700::1]/').ok, true);
  assert.equal(checkOutboundUrl('https://example.com/a.png').ok, true);
  assert.equal(checkOutboundUrl('http://127.0.0.77/', allowlist).ok, true);
  assert.equal(checkOutboundUrl('http://127.0.0.1/', allowlist).ok, false);
  assert.equal(checkOutboundUrl('http://10.1.2.3/', ['10.0.0.0/8']).ok, true);
});

test('a name resolving to a private address is refused at connect time', async () => {
  let hits = 0;
  const target = new URL(
    await serve('127.0.0.1', (_req, res) => {
      hits += 1;
      res.end('secret');
    }),
  );
  const lookup = async () => [{ address: '127.0.0.1', family: 4 }];
  await assert.rejects(safeFetch(`http://evil.test:${target.port}/`, { lookup, allowlist }), (error: Error) => {
    // The class, never the internal address the name has.
    assert.equal((error as OutboundBlockedError).reason, 'evil.test resolves to a loopback address, not a public one');
    return error instanceof OutboundBlockedError;
  });
  const mixed = async () => [
    { address: '93.184.215.14', family: 4 },
    { address: '127.0.0.1', family: 4 },
  ];
  await assert.rejects(safeFetch(`http://evil.test:${target.port}/`, { lookup: mixed, allowlist }), OutboundBlockedError);
  assert.equal(hits, 0);
});

test('a name resolving to an allowlisted address connects to that address', async () => {
  const target = new URL(await serve('127.0.0.77', (_req, res) => res.end('hello')));
  const lookup = async () => [{ address: '127.0.0.77', family: 4 }];
  const response = await safeFetch(`http://good.test:${target.port}/x`, { lookup, allowlist });
  assert.equal(response.status, 200);
  assert.equal(new TextDecoder().decode(await readCapped(response.body!, 100)), 'hello');
});

test('a redirect to a private address or a private name is refused', async () => {
  let privateHits = 0;
  const privateUrl = await serve('127.0.0.1', (_req, res) => {
    privateHits += 1;
    res.end('secret');
  });
  const privatePort = new URL(privateUrl).port;
  const receiver = await serve('127.0.0.77', (req, res) => {
    const location = req.url === '/to-name' ? `http://internal.test:${privatePort}/` : `${privateUrl}/`;
    res.writeHead(302, { location }).end();
  });
  const lookup = async () => [{ address: '127.0.0.1', family: 4 }];
  await assert.rejects(safeFetch(`${receiver}/to-ip`, { allowlist }), OutboundBlockedError);
  await assert.rejects(safeFetch(`${receiver}/to-name`, { allowlist, lookup }), OutboundBlockedError);
  assert.equal(privateHits, 0);
});

test('redirects: followed up to the limit, refused past it, returned as is with 0', async () => {
  let requests = 0;
  const base = await serve('127.0.0.77', (req, res) => {
    requests += 1;
    const n = Number(req.url?.slice(1));
    if (n > 0) res.writeHead(302, { location: `/${n - 1}` }).end();
    else res.end('arrived');
  });
  const followed = await safeFetch(`${base}/3`, { allowlist });
  assert.deepEqual([followed.status, followed.url], [200, `${base}/0`]);
  await followed.body?.cancel();

  requests = 0;
  await assert.rejects(safeFetch(`${base}/9`, { allowlist }), TooManyRedirectsError);
  assert.equal(requests, 4);

  const raw = await safeFetch(`${base}/1`, { allowlist, maxRedirects: 0 });
  assert.deepEqual([raw.status, raw.headers.get('location'), raw.url], [302, '/0', `${base}/1`]);
});

test('bytes are capped: Content-Length up front, chunked bodies while streaming', async () => {
  const twoMb = Buffer.alloc(2 * 1024 * 1024, 1);
  const base = await serve('127.0.0.77', (req, res) => {
    if (req.url === '/sized') res.setHeader('content-length', twoMb.length);
    // Written in pieces without a length: only counting while streaming can stop it.
    for (let i = 0; i < 32; i += 1) res.write(twoMb.subarray(i * 65_536, (i + 1) * 65_536));
    res.end();
  });
  const cap = 1024 * 1024;
  await assert.rejects(safeFetch(`${base}/sized`, { allowlist, maxBytes: cap }), ResponseTooLargeError);

  const streamed = await safeFetch(`${base}/chunked`, { allowlist, maxBytes: cap });
  assert.equal(streamed.status, 200);
  await assert.rejects(readCapped(streamed.body!, 10 * cap), ResponseTooLargeError);

  const uncapped = await safeFetch(`${base}/chunked`, { allowlist });
  await assert.rejects(readCapped(uncapped.body!, cap), ResponseTooLargeError);
});

test('a server that never answers times out', async () => {
  const base = await serve('127.0.0.77', () => {});
  const started = Date.now();
  await assert.rejects(safeFetch(`${base}/`, { allowlist, timeoutMs: 300 }), OutboundTimeoutError);
  assert.ok(Date.now() - started < 2_000);
});

test('a body that stalls times out while reading', async () => {
  const base = await serve('127.0.0.77', (_req, res) => res.write('partial'));
  const response = await safeFetch(`${base}/`, { allowlist, timeoutMs: 300 });
  await assert.rejects(readCapped(response.body!, 1024), OutboundTimeoutError);
});
