import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { db, type Organization } from '@/server/db';
import { createApiKey } from '../api-factories';
import { createOrg, createUser } from '../factories';
import { sessionCookie, trpc } from '../support/dashboard-session';
import { appUrl } from '../support/stack';

/**
 * NUL characters and lone UTF-16 surrogates cannot be stored: every text input refuses them
 * as 422 `invalid_parameter` (tRPC: BAD_REQUEST) naming the field, never a retryable 500.
 */
let org: Organization;
let key: string;
let cookie: string;

before(async () => {
  org = await createOrg();
  key = (await createApiKey(org.id)).key;
  const user = await createUser({ memberships: [{ orgId: org.id, role: 'owner' }] });
  cookie = await sessionCookie(user);
});

after(async () => {
  await db.$disconnect();
});

async function api(method: string, path: string, rawBody?: string) {
  const res = await fetch(`${appUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(rawBody === undefined ? {} : { 'content-type': 'application/json' }) },
    body: rawBody,
  });
  return { status: res.status, requestId: res.headers.get('request-id'), body: (await res.json()) as any };
}

function expectRefusal(answer: Awaited<ReturnType<typeof api>>, param: string) {
  assert.equal(answer.status, 422, JSON.stringify(answer.body));
  assert.equal(answer.body.error.code, 'invalid_parameter');
  assert.equal(answer.body.error.param, param);
}

const phone = () => `+1555${String(randomInt(1e7)).padStart(7, '0')}`;

describe('/v1 refuses NUL and lone surrogates in text', () => {
  test('in body fields, nested ones included, escaped in the JSON', async () => {
    expectRefusal(await api('POST', '/v1/contacts', `{"phone_number":"${phone()}","name":"a\\u0000b"}`), 'name');
    expectRefusal(await api('POST', '/v1/contacts', `{"phone_number":"${phone()}","tags":["ok","x\\ud800"]}`), 'tags[1]');
    expectRefusal(await api('POST', '/v1/contacts', `{"phone_number":"${phone()}","name":"\\udc00 alone"}`), 'name');
    expectRefusal(await api('POST', '/v1/messages', `{"to":"${phone()}","type":"text","text":{"body":"hi\\u0000"}}`), 'text.body');
    expectRefusal(
      await api('POST', '/v1/messages', `{"to":"${phone()}","type":"template","template":{"name":"t","parameters":{"1":"\\u0000"}}}`),
      'template.parameters.1',
    );
  });

  test('a surrogate pair (an emoji) is fine', async () => {
    const res = await api('POST', '/v1/contacts', `{"phone_number":"${phone()}","name":"Ada \\ud83d\\ude00"}`);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.name, 'Ada 😀');
  });

  test('in query strings: search and cursor', async () => {
    expectRefusal(await api('GET', '/v1/contacts?search=a%00b'), 'search');
    expectRefusal(await api('GET', '/v1/conversations?search=a%00b'), 'search');
    expectRefusal(await api('GET', '/v1/contacts?cursor=%00'), 'cursor');
  });
});

describe('tRPC refuses NUL and lone surrogates in text', () => {
  test('as BAD_REQUEST naming the field, in mutations and queries', async () => {
    const webhook = await trpc(cookie, 'mutation', 'webhooks.create', {
      name: 'x\u0000',
      url: 'https://example.com/hook',
      events: ['message.received'],
    });
    assert.equal(webhook.error?.data.code, 'BAD_REQUEST', JSON.stringify(webhook));
    assert.match(webhook.error!.message, /`name`/);

    const search = await trpc(cookie, 'query', 'inbox.conversations', { search: 'a\ud800' });
    assert.equal(search.error?.data.code, 'BAD_REQUEST', JSON.stringify(search));
    assert.match(search.error!.message, /`search`/);

    const fine = await trpc(cookie, 'query', 'inbox.conversations', { search: 'ada' });
    assert.equal(fine.status, 200, JSON.stringify(fine));
  });
});
