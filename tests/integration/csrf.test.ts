import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { db } from '@/server/db';
import { createOrg, createUser } from '../factories';
import { appOrigin, sessionCookie, trpcMutation } from '../support/dashboard-session';
import { appUrl } from '../support/stack';

/**
 * Cross-site request forgery: cookie-authenticated routes that change state accept requests
 * only from the app's own origin (Origin, or Sec-Fetch-Site when a browser sends no Origin),
 * and tRPC accepts JSON bodies only. A page on another localhost port is another origin.
 */
const evilOrigin = 'http://localhost:3999';
let orgId: string;
let cookie: string;

before(async () => {
  const org = await createOrg({ name: 'Before' });
  orgId = org.id;
  cookie = await sessionCookie(await createUser({ memberships: [{ orgId, role: 'owner' }] }));
});

after(async () => {
  await db.$disconnect();
});

const orgName = async () => (await db.organization.findUniqueOrThrow({ where: { id: orgId } })).name;
const rename = (name: string, headers: Record<string, string | null>) => trpcMutation(cookie, 'settings.rename', { name }, headers);

test('a tRPC mutation from another origin is refused with 403 JSON and changes nothing', async () => {
  const res = await rename('Forged', { origin: evilOrigin });
  assert.equal(res.status, 403);
  assert.match(res.headers.get('content-type') ?? '', /application\/json/);
  assert.ok(((await res.json()) as { error: string }).error);
  assert.equal(await orgName(), 'Before');

  assert.equal((await rename('Forged', { origin: 'null' })).status, 403);
  assert.equal(await orgName(), 'Before');
});

test('without Origin, Sec-Fetch-Site decides; with neither, the mutation is refused', async () => {
  const noOrigin = { origin: null };
  assert.equal((await rename('Forged', { ...noOrigin, 'sec-fetch-site': 'same-site' })).status, 403);
  assert.equal((await rename('Forged', { ...noOrigin, 'sec-fetch-site': 'cross-site' })).status, 403);
  assert.equal((await rename('Forged', noOrigin)).status, 403);
  assert.equal(await orgName(), 'Before');
  assert.equal((await rename('Same origin, no Origin header', { ...noOrigin, 'sec-fetch-site': 'same-origin' })).status, 200);
  assert.equal((await rename('After', { origin: appOrigin })).status, 200);
  assert.equal(await orgName(), 'After');
});

test('tRPC refuses a POST that is not JSON with 415, even from its own origin', async () => {
  const form = new FormData();
  form.set('name', 'Multipart');
  const res = await fetch(`${appUrl}/api/trpc/settings.rename`, { method: 'POST', headers: { cookie, origin: appOrigin }, body: form });
  assert.equal(res.status, 415);
  const text = await fetch(`${appUrl}/api/trpc/settings.rename`, {
    method: 'POST',
    headers: { cookie, origin: appOrigin, 'content-type': 'text/plain' },
    body: JSON.stringify({ json: { name: 'Text' } }),
  });
  assert.equal(text.status, 415);
  assert.notEqual(await orgName(), 'Multipart');
  assert.notEqual(await orgName(), 'Text');
});

test('an inbox attachment posted from another origin is refused with 403 before anything is read', async () => {
  const form = new FormData();
  form.set('contactId', 'con_doesnotmatter');
  form.set('file', new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), 'a.jpg');
  const res = await fetch(`${appUrl}/api/inbox/attachments`, { method: 'POST', headers: { cookie, origin: evilOrigin }, body: form });
  assert.equal(res.status, 403);
  assert.match(res.headers.get('content-type') ?? '', /application\/json/);
});

test('NextAuth’s own routes keep working from the app (sign-in above used them)', async () => {
  const res = await fetch(`${appUrl}/api/auth/session`, { headers: { cookie } });
  assert.equal(res.status, 200);
});
