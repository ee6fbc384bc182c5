import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { RequestListener } from 'node:http';
import { test } from 'node:test';
import { ApiError } from '@/server/errors/api-error';
import { refusingUrl, serve } from '@/server/http/serve-for-tests';
import { fetchLinkMedia } from './fetch-link-media';

const allowlist = ['127.0.0.77'];
const MB = 1024 * 1024;
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

async function refusal(promise: Promise<unknown>, code: string, message?: RegExp): Promise<ApiError> {
  const error = await promise.then(
    () => assert.fail('expected an ApiError'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof ApiError, String(error));
  assert.equal(error.code, code, error.message);
  if (message) assert.match(error.message, message);
  return error;
}

/** Writes `total` bytes in 64 KB pieces without a Content-Length; counts what actually went out. */
function stream(total: number, contentType: string, sent: { bytes: number }): RequestListener {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': contentType });
    const piece = Buffer.alloc(64 * 1024, 7);
    const next = () => {
      if (sent.bytes >= total || res.destroyed) return res.end();
      sent.bytes += piece.length;
      if (res.write(piece)) setImmediate(next);
      else res.once('drain', next);
    };
    res.on('close', () => res.removeAllListeners('drain'));
    next();
  };
}

test('an image link is fetched with its type, name, size and hash', async () => {
  const base = await serve('127.0.0.77', (req, res) => {
    if (req.url === '/start') return res.writeHead(302, { location: '/files/logo.png' }).end();
    res.writeHead(200, { 'content-type': 'image/PNG; charset=binary' }).end(png);
  });
  const media = await fetchLinkMedia(`${base}/start`, 'image', { allowlist });
  assert.deepEqual(Buffer.from(media.bytes), png);
  assert.equal(media.contentType, 'image/png');
  assert.equal(media.filename, 'logo.png');
  assert.equal(media.size, png.length);
  assert.equal(media.sha256, createHash('sha256').update(png).digest('hex'));
});

test('Content-Disposition names the file', async () => {
  const base = await serve('127.0.0.77', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename*=UTF-8''R%C3%A9sum%C3%A9.pdf` });
    res.end('%PDF-1.4');
  });
  const media = await fetchLinkMedia(`${base}/download?id=1`, 'document', { allowlist });
  assert.equal(media.filename, 'Résumé.pdf');
});

test('a type the platform does not take for that message type is invalid_parameter', async () => {
  const base = await serve('127.0.0.77', (_req, res) => res.writeHead(200, { 'content-type': 'image/gif' }).end('GIF89a'));
  const error = await refusal(fetchLinkMedia(`${base}/a.gif`, 'image', { allowlist, param: 'header.image.link' }), 'invalid_parameter');
  assert.equal(error.param, 'header.image.link');
  assert.match(error.message, /image\/gif/);
  assert.match(error.message, /image\/jpeg, image\/png/);
});

test('over 15 MB without a Content-Length is stopped while streaming', async () => {
  const sent = { bytes: 0 };
  const base = await serve('127.0.0.77', stream(40 * MB, 'application/pdf', sent));
  const error = await refusal(fetchLinkMedia(`${base}/big.pdf`, 'document', { allowlist }), 'media_too_large', /15 MB/);
  assert.equal(error.param, 'document.link');
  assert.ok(sent.bytes < 30 * MB, `the server got to send ${sent.bytes} bytes`);
});

test('an image over the platform 5 MB limit is media_too_large', async () => {
  const base = await serve('127.0.0.77', stream(6 * MB, 'image/jpeg', { bytes: 0 }));
  await refusal(fetchLinkMedia(`${base}/big.jpg`, 'image', { allowlist }), 'media_too_large', /5 MB/);
});

test('a Content-Length over the cap is refused before downloading', async () => {
  const base = await serve('127.0.0.77', (_req, res) => {
    // Announces 16 MB, sends a little and stalls: only a refusal on the header ends this quickly.
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(16 * MB) });
    res.write(Buffer.alloc(1024));
  });
  const started = Date.now();
  await refusal(fetchLinkMedia(`${base}/v.mp4`, 'video', { allowlist, timeoutMs: 5_000 }), 'media_too_large');
  assert.ok(Date.now() - started < 2_000);
});

test('private targets are url_not_allowed: directly, by redirect, by name', async () => {
  let privateHits = 0;
  const privateBase = await serve('127.0.0.1', (_req, res) => {
    privateHits += 1;
    res.end(png);
  });
  const receiver = await serve('127.0.0.77', (_req, res) => res.writeHead(302, { location: `${privateBase}/x.png` }).end());
  await refusal(fetchLinkMedia(`${privateBase}/x.png`, 'image', { allowlist }), 'url_not_allowed');
  const redirected = await refusal(
    fetchLinkMedia(`${receiver}/x.png`, 'image', { allowlist, param: 'image.link' }),
    'url_not_allowed',
    /loopback/,
  );
  assert.equal(redirected.param, 'image.link');
  const lookup = async () => [{ address: '127.0.0.1', family: 4 }];
  await refusal(fetchLinkMedia(`http://cdn.test:${new URL(privateBase).port}/x.png`, 'image', { allowlist, lookup }), 'url_not_allowed');
  await refusal(fetchLinkMedia('http://169.254.169.254/latest/meta-data/', 'image'), 'url_not_allowed');
  assert.equal(privateHits, 0);
});

test('HTTP errors, refused connections and timeouts are invalid_parameter', async () => {
  const base = await serve('127.0.0.77', (req, res) => {
    if (req.url === '/missing') res.writeHead(404).end('no');
    // '/slow' never answers.
  });
  await refusal(fetchLinkMedia(`${base}/missing`, 'image', { allowlist }), 'invalid_parameter', /could not fetch the media.*HTTP 404/i);
  await refusal(
    fetchLinkMedia(`${base}/slow`, 'image', { allowlist, timeoutMs: 300 }),
    'invalid_parameter',
    /could not fetch the media.*too long/i,
  );
  const closed = await refusingUrl('127.0.0.77');
  await refusal(fetchLinkMedia(`${closed}/x.png`, 'image', { allowlist }), 'invalid_parameter', /ECONNREFUSED/);
});
