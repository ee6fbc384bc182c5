import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { createApiKey } from '../api-factories';
import { createOrg } from '../factories';
import { createConnectedAccount } from '../platform-factories';
import { appUrl, randomPhone, simulator } from '../support/stack';
import { waitFor } from '../support/wait-for';

/** GET /v1/conversations and GET /v1/conversations/{contact_id}/messages over real HTTP. */
let orgId: string;
let key: string;
let main: { id: string; name: string; phoneId: string };
let support: { id: string; name: string };
const hour = 3600_000;
const base = Date.now() - 2 * hour;

/** An API key of the org. The factory leaves allowed_cidrs NULL, which authentication cannot read yet. */
async function apiKeyFor(id: string, scopes?: NonNullable<Parameters<typeof createApiKey>[1]>['scopes']) {
  const created = await createApiKey(id, scopes ? { scopes } : {});
  await db.apiKey.update({ where: { id: created.id }, data: { allowedCidrs: [] } });
  return created.key;
}

async function get(path: string, apiKey = key) {
  const res = await fetch(`${appUrl}${path}`, { headers: { authorization: `Bearer ${apiKey}` } });
  return { status: res.status, body: await res.json() };
}

/** A contact with `count` messages, the newest `minutesAgo` before the base time. */
async function seedConversation(options: {
  name: string;
  phone?: string;
  accountId?: string;
  minutesAgo: number;
  count?: number;
  lastInboundAt?: Date | null;
  unread?: boolean;
  externalOnly?: boolean;
}) {
  const last = new Date(base - options.minutesAgo * 60_000);
  const contact = await db.contact.create({
    data: {
      id: newId('contact'),
      orgId,
      phoneNumber: options.phone ?? randomPhone(),
      name: options.name,
      accountId: options.accountId ?? main.id,
      lastMessageAt: last,
      lastMessagePreview: `last from ${options.name}`,
      lastInboundAt: options.lastInboundAt ?? null,
      unread: options.unread ?? false,
      externalOnly: options.externalOnly ?? false,
    },
  });
  const count = options.count ?? 1;
  await db.message.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      id: newId('message'),
      orgId,
      contactId: contact.id,
      accountId: options.accountId ?? main.id,
      direction: i % 2 ? ('incoming' as const) : ('outgoing' as const),
      type: 'text' as const,
      status: 'delivered' as const,
      content: `message ${i}`,
      createdAt: new Date(last.getTime() - (count - 1 - i) * 1000),
    })),
  });
  return contact;
}

let ada: { id: string; phoneNumber: string | null };
let bob: { id: string };
let external: { id: string };
let silent: { id: string };

before(async () => {
  const org = await createOrg();
  orgId = org.id;
  key = await apiKeyFor(orgId);
  const account = await createConnectedAccount(orgId, { name: 'main' });
  main = { id: account.id, name: account.name, phoneId: account.phoneId };
  const other = await createConnectedAccount(orgId, { name: 'support', isDefaultOutgoing: false });
  support = { id: other.id, name: other.name };
  ada = await seedConversation({
    name: 'Ada Lovelace',
    phone: '+14155550101',
    minutesAgo: 1,
    count: 7,
    lastInboundAt: new Date(Date.now() - hour),
    unread: true,
  });
  bob = await seedConversation({ name: 'Bob Builder', minutesAgo: 2, accountId: support.id, lastInboundAt: new Date(Date.now() - 25 * hour) });
  for (let i = 0; i < 5; i++) await seedConversation({ name: `Filler ${i}`, minutesAgo: 10 + i });
  external = await seedConversation({ name: 'Logged Elsewhere', minutesAgo: 0, externalOnly: true });
  silent = await db.contact.create({ data: { id: newId('contact'), orgId, phoneNumber: randomPhone(), name: 'No Messages Yet' } });
});

after(async () => {
  await db.organization.delete({ where: { id: orgId } });
  await db.$disconnect();
});

describe('GET /v1/conversations', () => {
  test('newest activity first, one entry per conversation, without external_only or message-less contacts', async () => {
    const { status, body } = await get('/v1/conversations');
    assert.equal(status, 200);
    const ids = body.data.map((c: { contact_id: string }) => c.contact_id);
    assert.equal(ids.length, 7);
    assert.deepEqual(ids.slice(0, 2), [ada.id, bob.id]);
    assert.ok(!ids.includes(external.id) && !ids.includes(silent.id));
    assert.equal(body.has_more, false);
    assert.equal(body.next_cursor, undefined);
    const times = body.data.map((c: { last_message_at: string }) => Date.parse(c.last_message_at));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
  });

  test('the resource: unread, window_open_until only while open, account, tags, preview', async () => {
    const { body } = await get('/v1/conversations');
    const [first, second] = body.data;
    assert.equal(first.phone_number, '+14155550101');
    assert.equal(first.name, 'Ada Lovelace');
    assert.equal(first.channel, 'whatsapp');
    assert.equal(first.account, 'main');
    assert.equal(first.unread, true);
    assert.equal(first.last_message, 'last from Ada Lovelace');
    assert.deepEqual(first.tags, []);
    const closes = Date.parse(first.window_open_until);
    assert.ok(Math.abs(closes - (Date.now() + 23 * hour)) < 60_000, first.window_open_until);
    assert.equal(second.unread, false);
    assert.equal(second.account, 'support');
    assert.ok(!('window_open_until' in second), 'a closed window is absent, not null');
  });

  test('pages by cursor without gaps or repeats; a tampered or foreign cursor is 422', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const { status, body } = await get(`/v1/conversations?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      assert.equal(status, 200);
      assert.ok(body.data.length <= 3);
      seen.push(...body.data.map((c: { contact_id: string }) => c.contact_id));
      assert.equal(body.has_more, body.next_cursor !== undefined);
      cursor = body.next_cursor;
    } while (cursor);
    assert.equal(seen.length, 7);
    assert.equal(new Set(seen).size, 7);

    const first = await get('/v1/conversations?limit=1');
    const tampered = await get(`/v1/conversations?cursor=${encodeURIComponent(`${first.body.next_cursor}x`)}`);
    assert.equal(tampered.status, 422);
    assert.equal(tampered.body.error.param, 'cursor');
    const thread = await get(`/v1/conversations/${ada.id}/messages?limit=1`);
    const foreign = await get(`/v1/conversations?cursor=${encodeURIComponent(thread.body.next_cursor)}`);
    assert.equal(foreign.status, 422);
    assert.equal((await get('/v1/conversations?limit=201')).status, 422);
  });

  test('search matches part of the name (any case) or the number’s digits', async () => {
    const byName = await get('/v1/conversations?search=lovelace');
    assert.deepEqual(
      byName.body.data.map((c: { contact_id: string }) => c.contact_id),
      [ada.id],
    );
    const byDigits = await get(`/v1/conversations?search=${encodeURIComponent('(415) 555-0101')}`);
    assert.deepEqual(
      byDigits.body.data.map((c: { contact_id: string }) => c.contact_id),
      [ada.id],
    );
    const external = await get('/v1/conversations?search=Logged');
    assert.deepEqual(external.body.data, []);
  });

  test('account filters by name; an unknown account is 422 account_not_found; unknown parameters are refused', async () => {
    const { body } = await get('/v1/conversations?account=support');
    assert.deepEqual(
      body.data.map((c: { contact_id: string }) => c.contact_id),
      [bob.id],
    );
    const unknown = await get('/v1/conversations?account=nope');
    assert.equal(unknown.status, 422);
    assert.equal(unknown.body.error.code, 'account_not_found');
    assert.equal((await get('/v1/conversations?unread=true')).status, 400);
  });

  test('another organization sees none of these conversations', async () => {
    const otherOrg = await createOrg();
    const otherKey = await apiKeyFor(otherOrg.id);
    const { body } = await get('/v1/conversations', otherKey);
    assert.deepEqual(body.data, []);
    const thread = await get(`/v1/conversations/${ada.id}/messages`, otherKey);
    const missing = await get(`/v1/conversations/ct_${'0'.repeat(22)}/messages`, otherKey);
    assert.equal(thread.status, 404);
    assert.deepEqual({ ...thread.body.error, request_id: '' }, { ...missing.body.error, request_id: '' });
    await db.organization.delete({ where: { id: otherOrg.id } });
  });

  test('needs messages:read', async () => {
    const narrow = await apiKeyFor(orgId, ['contacts:read']);
    const res = await get('/v1/conversations', narrow);
    assert.equal(res.status, 403);
    assert.equal(res.body.error.code, 'insufficient_scope');
  });
});

describe('GET /v1/conversations/{contact_id}/messages', () => {
  test('newest first, paged, Message resources', async () => {
    const first = await get(`/v1/conversations/${ada.id}/messages?limit=3`);
    assert.equal(first.status, 200);
    assert.deepEqual(
      first.body.data.map((m: { content: string }) => m.content),
      ['message 6', 'message 5', 'message 4'],
    );
    assert.equal(first.body.has_more, true);
    const message = first.body.data[0];
    assert.equal(message.contact_id, ada.id);
    assert.equal(message.to, '+14155550101');
    assert.equal(message.from, 'main');
    const rest: string[] = [];
    let cursor: string | undefined = first.body.next_cursor;
    while (cursor) {
      const page = await get(`/v1/conversations/${ada.id}/messages?limit=3&cursor=${encodeURIComponent(cursor)}`);
      rest.push(...page.body.data.map((m: { content: string }) => m.content));
      cursor = page.body.next_cursor;
    }
    assert.deepEqual(rest, ['message 3', 'message 2', 'message 1', 'message 0']);
  });

  test('a malformed id is 422, a missing one 404', async () => {
    const malformed = await get('/v1/conversations/not-an-id/messages');
    assert.equal(malformed.status, 422);
    assert.equal(malformed.body.error.code, 'invalid_parameter');
    const missing = await get(`/v1/conversations/ct_${'A'.repeat(22)}/messages`);
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error.code, 'resource_not_found');
  });
});

describe('through the platform', () => {
  test('a customer who writes starts an unread conversation with an open window, listed first', async () => {
    const phone = randomPhone();
    await simulator('/_sim/inbound', { phone_id: main.phoneId, from: phone, text: 'Is my order shipped?', name: 'Grace' });
    const contact = await waitFor('the inbound message', () =>
      db.contact.findFirst({ where: { orgId, phoneNumber: phone, lastInboundAt: { not: null } } }),
    );
    const { body } = await get('/v1/conversations?limit=1');
    const [entry] = body.data;
    assert.equal(entry.contact_id, contact.id);
    assert.equal(entry.name, 'Grace');
    assert.equal(entry.unread, true);
    assert.equal(entry.last_message, 'Is my order shipped?');
    assert.ok(Date.parse(entry.window_open_until) > Date.now() + 23.9 * hour);
    const thread = await get(`/v1/conversations/${contact.id}/messages`);
    assert.equal(thread.body.data[0].direction, 'incoming');
    assert.equal(thread.body.data[0].content, 'Is my order shipped?');
  });

  test('a long message is previewed by its first 200 characters, an emoji at the cut kept whole', async () => {
    const phone = randomPhone();
    const text = `${'a'.repeat(199)}🚚 is on its way`;
    await simulator('/_sim/inbound', { phone_id: main.phoneId, from: phone, text });
    const contact = await waitFor('the inbound message', () =>
      db.contact.findFirst({ where: { orgId, phoneNumber: phone, lastInboundAt: { not: null } } }),
    );
    assert.equal(contact.lastMessagePreview, `${'a'.repeat(199)}🚚`);
  });
});
