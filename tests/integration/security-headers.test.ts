import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { fetch as undiciFetch } from 'undici';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { sendInboxAttachment } from '@/server/inbox/send-inbox-attachment';
import { createApiKey } from '../api-factories';
import { createOrg, createUser } from '../factories';
import { createConnectedAccount } from '../platform-factories';
import { sessionCookie } from '../support/dashboard-session';
import { openWindow } from '../support/messages-api';
import { appUrl, randomPhone } from '../support/stack';

/**
 * Response headers of the production server: dashboard pages cannot be framed or sniffed and
 * send a referrer policy; media routes serve customer files so they can never run as a page.
 */
let cookie: string;
let orgId: string;

before(async () => {
  orgId = (await createOrg()).id;
  cookie = await sessionCookie(await createUser({ memberships: [{ orgId, role: 'owner' }] }));
});

after(async () => {
  await db.$disconnect();
});

function assertPageHeaders(res: Response, what: string) {
  assert.match(res.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/, what);
  assert.equal(res.headers.get('x-frame-options'), 'DENY', what);
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff', what);
  assert.equal(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', what);
}

function assertMediaHeaders(res: Response, disposition: RegExp, what: string) {
  assert.equal(res.status, 200, what);
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff', what);
  const csp = res.headers.get('content-security-policy') ?? '';
  assert.match(csp, /default-src 'none'/, what);
  assert.match(csp, /sandbox/, what);
  assert.match(res.headers.get('content-disposition') ?? '', disposition, what);
}

test('dashboard pages, signed in or not, cannot be framed and are not sniffed', async () => {
  assertPageHeaders(await fetch(`${appUrl}/signin`), '/signin');
  assertPageHeaders(await fetch(`${appUrl}/`, { redirect: 'manual' }), '/');
  for (const path of ['/inbox', '/settings', '/api-keys']) {
    const res = await fetch(`${appUrl}${path}`, { headers: { cookie }, redirect: 'manual' });
    assert.equal(res.status, 200, path);
    assertPageHeaders(res, path);
  }
});

test('both media routes send customer files with nosniff, a sandboxing CSP, and only pictures and sound inline', async () => {
  const account = await createConnectedAccount(orgId);
  const contact = await openWindow({ orgId, phoneId: account.phoneId }, randomPhone());
  const file = (contentType: string, filename: string) =>
    sendInboxAttachment(orgId, contact.id, { bytes: new TextEncoder().encode('<html><script>alert(1)</script></html>'), contentType, filename });
  const pdf = await file('application/pdf', 'invoice.pdf');
  const photo = await file('image/jpeg', 'photo.jpg');
  const { key } = await createApiKey(orgId);

  assertMediaHeaders(await fetch(`${appUrl}/api/media/${photo.id}`, { headers: { cookie } }), /^inline/, 'inbox photo');
  assertMediaHeaders(await fetch(`${appUrl}/api/media/${pdf.id}`, { headers: { cookie } }), /^attachment/, 'inbox document');
  for (const message of [photo, pdf]) {
    assertMediaHeaders(
      await fetch(`${appUrl}/v1/media/${message.id}`, { headers: { authorization: `Bearer ${key}` } }),
      /^attachment/,
      `/v1 ${message.id}`,
    );
  }
});

test('API answers carry the same headers as pages, and bodies of 1 KiB or more are gzipped when the client takes gzip', async () => {
  const { key } = await createApiKey(orgId);
  await db.contact.createMany({
    data: Array.from({ length: 30 }, (_, i) => ({
      id: newId('contact'),
      orgId,
      phoneNumber: `+1555010${String(i).padStart(4, '0')}`,
      name: `Customer ${i}`,
    })),
  });
  const list = (encoding: string) =>
    undiciFetch(`${appUrl}/v1/contacts?limit=30`, { headers: { authorization: `Bearer ${key}`, 'accept-encoding': encoding } });
  const zipped = await list('gzip, deflate');
  assert.equal(zipped.status, 200);
  assertPageHeaders(zipped as unknown as Response, '/v1/contacts');
  assert.match(zipped.headers.get('request-id') ?? '', /^req_/);
  assert.equal(zipped.headers.get('content-encoding'), 'gzip');
  assert.match(zipped.headers.get('vary') ?? '', /Accept-Encoding/);
  const plain = await list('identity');
  assert.equal(plain.headers.get('content-encoding'), null);
  assert.deepEqual(await zipped.json(), await plain.json());

  // A small /v1 answer and the agent contract's answers carry the same headers.
  const me = await undiciFetch(`${appUrl}/v1/me`, { headers: { authorization: `Bearer ${key}`, 'accept-encoding': 'gzip' } });
  assert.equal(me.status, 200);
  assertPageHeaders(me as unknown as Response, '/v1/me');
  const refused = await undiciFetch(`${appUrl}/agent/v1/agents`, { headers: { authorization: 'Bearer agk_live_not_a_key' } });
  assert.equal(refused.status, 401);
  assertPageHeaders(refused as unknown as Response, '/agent/v1/agents');
  assert.equal(((await refused.json()) as { error: { code: string } }).error.code, 'invalid_api_key');

  // So do those the web server makes before Next.js: a method no route takes, a path that is not percent-encoding, a preflight.
  for (const [path, method, status] of [
    ['/v1/contacts', 'PROPFIND', 405],
    ['/agent/v1/agents', 'PROPFIND', 405],
    ['/v1/contacts/%E0%A4%A', 'GET', 404],
    ['/agent/v1/widget/token', 'OPTIONS', 204],
  ] as const) {
    const edge = await undiciFetch(`${appUrl}${path}`, {
      method,
      headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'POST' },
    });
    assert.equal(edge.status, status, `${method} ${path}`);
    assertPageHeaders(edge as unknown as Response, `${method} ${path}`);
    await edge.arrayBuffer();
  }
});
