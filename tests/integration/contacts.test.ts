import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { encodeCursor } from '@/server/api/paging';
import { db, type Organization } from '@/server/db';
import { newId } from '@/server/db/ids';
import { createApiKey } from '../api-factories';
import { createOrg } from '../factories';
import { appUrl } from '../support/stack';

/** The contacts endpoints over real HTTP: creation and its errors, reads, updates, search, paging, isolation. */
let org: Organization;
let key: string;

before(async () => {
  org = await createOrg();
  key = (await createApiKey(org.id)).key;
});

after(async () => {
  await db.$disconnect();
});

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

async function api(
  method: string,
  path: string,
  body?: unknown,
  options: { key?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${appUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${options.key ?? key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

function expectError(answer: Answer, status: number, code: string, param?: string) {
  assert.equal(answer.status, status, JSON.stringify(answer.body));
  assert.equal(answer.body.error.code, code);
  assert.equal(answer.body.error.param, param);
  assert.equal(answer.body.error.request_id, answer.headers.get('request-id'));
}

/** A fresh +1 555 number (possible, unassigned), as E.164 and as a person would type it. */
function newPhone() {
  const line = String(randomInt(1e7)).padStart(7, '0');
  return { e164: `+1555${line}`, typed: `+1 (555) ${line.slice(0, 3)}-${line.slice(3)}` };
}

const createContact = (body: Record<string, unknown>, options?: { key?: string }) => api('POST', '/v1/contacts', body, options);

describe('POST /v1/contacts', () => {
  test('creates a contact with the number normalised to E.164 and tags de-duplicated', async () => {
    const phone = newPhone();
    const { status, body } = await createContact({ phone_number: phone.typed, name: 'Ada Lovelace', tags: ['vip', 'vip', 'new'] });
    assert.equal(status, 201, JSON.stringify(body));
    assert.match(body.id, /^ct_[0-9A-Za-z]{22}$/);
    assert.deepEqual(
      { ...body, id: undefined, created_at: undefined },
      {
        id: undefined,
        phone_number: phone.e164,
        name: 'Ada Lovelace',
        tags: ['vip', 'new'],
        external_only: false,
        opted_out_marketing: false,
        account: null,
        created_at: undefined,
      },
    );
    assert.ok(Math.abs(Date.parse(body.created_at) - Date.now()) < 60_000);
  });

  test('a number already stored, however formatted, is 409 contact_exists naming the existing contact', async () => {
    const phone = newPhone();
    const first = await createContact({ phone_number: phone.e164 });
    assert.equal(first.status, 201);
    const again = await createContact({ phone_number: phone.typed, name: 'Someone else' });
    expectError(again, 409, 'contact_exists', 'phone_number');
    assert.ok(again.body.error.message.includes(first.body.id), again.body.error.message);
  });

  test('concurrent creates of one number give one 201 and 409s', async () => {
    const phone = newPhone();
    const answers = await Promise.all(Array.from({ length: 6 }, () => createContact({ phone_number: phone.e164 })));
    const statuses = answers.map((a) => a.status).sort();
    assert.deepEqual(statuses, [201, 409, 409, 409, 409, 409]);
    const created = answers.find((a) => a.status === 201);
    for (const conflict of answers.filter((a) => a.status === 409)) {
      assert.ok(conflict.body.error.message.includes(created?.body.id));
    }
    assert.equal(await db.contact.count({ where: { orgId: org.id, phoneNumber: phone.e164 } }), 1);
  });

  test('an Idempotency-Key replays the first answer instead of a 409', async () => {
    const phone = newPhone();
    const headers = { 'idempotency-key': `create-${phone.e164}` };
    const first = await api('POST', '/v1/contacts', { phone_number: phone.e164 }, { headers });
    const replay = await api('POST', '/v1/contacts', { phone_number: phone.e164 }, { headers });
    assert.equal(first.status, 201);
    assert.equal(replay.status, 201);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(replay.body, first.body);
  });

  test('a number not in international format is 422 invalid_parameter', async () => {
    for (const phone_number of ['5550102345', '+1 555', '+1555010234567', 'call +15550102345', '+1 555 010 2345 ext. 7', '']) {
      expectError(await createContact({ phone_number }), 422, 'invalid_parameter', 'phone_number');
    }
  });

  test('body errors: unknown field 400, missing phone_number 422, invalid JSON 400, bad tags 422', async () => {
    expectError(await createContact({ phone_number: newPhone().e164, nickname: 'Ada' }), 400, 'unknown_field', 'nickname');
    expectError(await createContact({ name: 'Ada' }), 422, 'missing_parameter', 'phone_number');
    expectError(await api('POST', '/v1/contacts'), 422, 'missing_parameter', 'phone_number');
    expectError(await api('POST', '/v1/contacts', '{"phone_number": '), 400, 'invalid_json');
    for (const depth of [65, 5_000]) {
      const deep = `{"phone_number":"${newPhone().e164}","tags":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
      expectError(await api('POST', '/v1/contacts', deep), 400, 'invalid_json');
    }
    expectError(await createContact({ phone_number: 15550102345 }), 422, 'invalid_parameter', 'phone_number');
    expectError(await createContact({ phone_number: newPhone().e164, tags: [''] }), 422, 'invalid_parameter', 'tags[0]');
    expectError(await createContact({ phone_number: newPhone().e164, tags: ['x'.repeat(51)] }), 422, 'invalid_parameter', 'tags[0]');
    const tooMany = Array.from({ length: 21 }, (_, i) => `tag-${i}`);
    expectError(await createContact({ phone_number: newPhone().e164, tags: tooMany }), 422, 'invalid_parameter', 'tags');
    expectError(
      await createContact({ phone_number: newPhone().e164, opted_out_marketing: 'yes' }),
      422,
      'invalid_parameter',
      'opted_out_marketing',
    );
  });

  test('a key without contacts:write is refused with 403 naming the scope', async () => {
    const readOnly = await createApiKey(org.id, { scopes: ['contacts:read'] });
    const answer = await createContact({ phone_number: newPhone().e164 }, { key: readOnly.key });
    expectError(answer, 403, 'insufficient_scope');
    assert.match(answer.body.error.message, /contacts:write/);
    const noRead = await createApiKey(org.id, { scopes: ['contacts:write'] });
    const list = await api('GET', '/v1/contacts', undefined, { key: noRead.key });
    expectError(list, 403, 'insufficient_scope');
    assert.match(list.body.error.message, /contacts:read/);
  });
});

describe('GET and PATCH /v1/contacts/{id}', () => {
  test('reads a contact and changes only the fields given', async () => {
    const created = await createContact({ phone_number: newPhone().e164, name: 'Grace', tags: ['a'] });
    const read = await api('GET', `/v1/contacts/${created.body.id}`);
    assert.equal(read.status, 200);
    assert.deepEqual(read.body, created.body);

    const optOut = await api('PATCH', `/v1/contacts/${created.body.id}`, { opted_out_marketing: true });
    assert.equal(optOut.status, 200, JSON.stringify(optOut.body));
    assert.deepEqual(optOut.body, { ...created.body, opted_out_marketing: true });

    const renamed = await api('PATCH', `/v1/contacts/${created.body.id}`, { name: 'Grace Hopper', tags: ['b', 'c', 'b'] });
    assert.deepEqual(renamed.body, { ...created.body, opted_out_marketing: true, name: 'Grace Hopper', tags: ['b', 'c'] });

    const cleared = await api('PATCH', `/v1/contacts/${created.body.id}`, { name: null, tags: [] });
    assert.equal(cleared.body.name, null);
    assert.deepEqual(cleared.body.tags, []);
    assert.deepEqual((await api('GET', `/v1/contacts/${created.body.id}`)).body, cleared.body);
  });

  test('PATCH needs at least one known field and refuses the phone number', async () => {
    const created = await createContact({ phone_number: newPhone().e164 });
    const path = `/v1/contacts/${created.body.id}`;
    expectError(await api('PATCH', path, {}), 422, 'invalid_parameter');
    expectError(await api('PATCH', path), 422, 'invalid_parameter');
    expectError(await api('PATCH', path, { phone_number: newPhone().e164 }), 400, 'unknown_field', 'phone_number');
    expectError(await api('PATCH', path, '[1,'), 400, 'invalid_json');
  });

  test('a malformed id is 422 invalid_parameter (param id)', async () => {
    for (const id of ['nope', 'msg_0123456789012345678901', 'ct_short']) {
      expectError(await api('GET', `/v1/contacts/${id}`), 422, 'invalid_parameter', 'id');
      expectError(await api('PATCH', `/v1/contacts/${id}`, { name: 'x' }), 422, 'invalid_parameter', 'id');
    }
  });

  test("another organization's contact answers exactly like a contact that does not exist", async () => {
    const other = await createOrg();
    const otherKey = (await createApiKey(other.id)).key;
    const theirs = await createContact({ phone_number: newPhone().e164, name: 'Theirs' }, { key: otherKey });
    assert.equal(theirs.status, 201);

    const strip = (answer: Answer) => ({ ...answer.body.error, request_id: undefined });
    const foreign = await api('GET', `/v1/contacts/${theirs.body.id}`);
    const missing = await api('GET', `/v1/contacts/${newId('contact')}`);
    expectError(foreign, 404, 'resource_not_found');
    expectError(missing, 404, 'resource_not_found');
    assert.deepEqual(strip(foreign), strip(missing));

    const foreignPatch = await api('PATCH', `/v1/contacts/${theirs.body.id}`, { name: 'Mine now' });
    const missingPatch = await api('PATCH', `/v1/contacts/${newId('contact')}`, { name: 'Mine now' });
    expectError(foreignPatch, 404, 'resource_not_found');
    assert.deepEqual(strip(foreignPatch), strip(missingPatch));
    assert.equal((await api('GET', `/v1/contacts/${theirs.body.id}`, undefined, { key: otherKey })).body.name, 'Theirs');

    const list = await api('GET', '/v1/contacts?limit=200');
    assert.ok(!list.body.data.some((c: { id: string }) => c.id === theirs.body.id));
  });
});

describe('GET /v1/contacts', () => {
  test('search matches part of the name in any case, or digits of the number, and includes external_only contacts', async () => {
    const tenant = await createOrg();
    const tenantKey = (await createApiKey(tenant.id)).key;
    const phone = newPhone();
    const ada = await createContact({ phone_number: phone.e164, name: 'Ada Lovelace' }, { key: tenantKey });
    await createContact({ phone_number: newPhone().e164, name: 'Grace Hopper' }, { key: tenantKey });
    const external = await db.contact.create({
      data: { id: newId('contact'), orgId: tenant.id, phoneNumber: newPhone().e164, name: 'Eve 100% External', externalOnly: true },
    });
    const search = async (text: string) => {
      const answer = await api('GET', `/v1/contacts?search=${encodeURIComponent(text)}`, undefined, { key: tenantKey });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return answer.body.data.map((c: { id: string }) => c.id);
    };

    assert.deepEqual(await search('lovel'), [ada.body.id]);
    assert.deepEqual(await search('ADA'), [ada.body.id]);
    assert.deepEqual(await search(phone.typed.slice(-8)), [ada.body.id]);
    assert.deepEqual(await search(phone.e164), [ada.body.id]);
    assert.deepEqual(await search('100%'), [external.id], 'LIKE wildcards are matched literally');
    assert.deepEqual(await search('nobody'), []);

    const all = await api('GET', '/v1/contacts', undefined, { key: tenantKey });
    assert.equal(all.body.data.length, 3);
    assert.equal(all.body.has_more, false);
    assert.equal(all.body.next_cursor, undefined);
    const eve = all.body.data.find((c: { id: string }) => c.id === external.id);
    assert.equal(eve.external_only, true);
  });

  test('walking the pages while contacts are added sees every earlier contact exactly once', async () => {
    const tenant = await createOrg();
    const tenantKey = (await createApiKey(tenant.id)).key;
    const existing: string[] = [];
    for (let i = 0; i < 7; i++) existing.push((await createContact({ phone_number: newPhone().e164 }, { key: tenantKey })).body.id);

    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 20; pages++) {
      const query = `limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await api('GET', `/v1/contacts?${query}`, undefined, { key: tenantKey });
      assert.equal(page.status, 200, JSON.stringify(page.body));
      assert.ok(page.body.data.length <= 2);
      seen.push(...page.body.data.map((c: { id: string }) => c.id));
      await Promise.all([1, 2].map(() => createContact({ phone_number: newPhone().e164 }, { key: tenantKey })));
      if (!page.body.has_more) break;
      cursor = page.body.next_cursor;
      assert.ok(cursor);
    }
    assert.equal(new Set(seen).size, seen.length, 'no contact twice');
    for (const id of existing) assert.equal(seen.filter((s) => s === id).length, 1, `${id} seen once`);
    assert.deepEqual(seen.slice(seen.length - existing.length), [...existing].reverse(), 'newest first');
  });

  test('a cursor from another list or edited is 422 invalid_parameter (param cursor)', async () => {
    await createContact({ phone_number: newPhone().e164 });
    await createContact({ phone_number: newPhone().e164 });
    const page = await api('GET', '/v1/contacts?limit=1');
    const cursor: string = page.body.next_cursor;
    assert.ok(cursor);
    assert.equal((await api('GET', `/v1/contacts?limit=1&cursor=${encodeURIComponent(cursor)}`)).status, 200);

    const [payload, signature] = cursor.split('.') as [string, string];
    const edited = JSON.parse(Buffer.from(payload, 'base64url').toString());
    edited[2] = 'ct_zzzzzzzzzzzzzzzzzzzzzz';
    const tampered = `${Buffer.from(JSON.stringify(edited)).toString('base64url')}.${signature}`;
    const otherList = encodeCursor('templates', { at: new Date(), id: 'tpl_0123456789012345678901' });
    for (const bad of [tampered, otherList, 'garbage', `${payload}.`, `${payload}.${signature.slice(1)}A`]) {
      expectError(await api('GET', `/v1/contacts?cursor=${encodeURIComponent(bad)}`), 422, 'invalid_parameter', 'cursor');
    }
  });

  test('limit must be an integer from 1 to 200', async () => {
    for (const limit of ['0', '201', 'abc', '1.5', '-1']) {
      expectError(await api('GET', `/v1/contacts?limit=${limit}`), 422, 'invalid_parameter', 'limit');
    }
    assert.equal((await api('GET', '/v1/contacts?limit=200')).status, 200);
  });
});
