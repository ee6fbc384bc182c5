import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { config } from '@/server/config';
import { db } from '@/server/db';
import { closeQueues } from '@/server/queues';
import { signPlatformPayload } from '@/server/platform/webhook-signature';
import { createWebhook } from '@/server/webhooks/create-webhook';
import { createAgent, createAgentTenant, createCredential, simKey } from '../agent-factories';
import { createApiKey } from '../api-factories';
import { documentedEcho, documentedInboundKinds, documentedSystemMessage } from '../fixtures/platform-inbound-kinds';
import { createConnectedAccount } from '../platform-factories';
import { v1Caller } from '../support/messages-api';
import { appUrl, randomPhone, simulator } from '../support/stack';
import { waitFor } from '../support/wait-for';

/**
 * Every inbound kind (docs/messaging-api.md §12) over the real stack: the platform's documented
 * example of each kind posted as a signed webhook, stored, read back from /v1 and delivered as
 * `message.received` to a receiver; system notes kept off the customer's path; arrival order
 * within one second; echoes as `phone_app` messages that make the bot stand down.
 */
let receiver: Server;
let receiverBase: string;
const received: Array<{ headers: Record<string, string>; body: string }> = [];

before(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.77', resolve));
  receiverBase = `http://127.0.0.77:${(receiver.address() as AddressInfo).port}`;
});

after(async () => {
  receiver.closeAllConnections();
  receiver.close();
  await closeQueues();
  await db.$disconnect();
});

let sequence = 0;
const newWamid = () => `wamid.kinds-${Date.now()}-${++sequence}`;
const nowSeconds = () => String(Math.floor(Date.now() / 1000));

/** Posts a signed platform webhook with one change, as the platform does. */
async function postWebhook(field: string, value: Record<string, unknown>) {
  const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field, value }] }] });
  const res = await fetch(`${appUrl}/api/platform/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPlatformPayload(body, config.PLATFORM_APP_SECRET) },
    body,
  });
  assert.equal(res.status, 200, await res.text());
}

function postMessages(phoneId: string, from: string, messages: Record<string, unknown>[], withContacts = true) {
  return postWebhook('messages', {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '15550783881', phone_number_id: phoneId },
    ...(withContacts ? { contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: from.slice(1) }] } : {}),
    messages: messages.map((m) => ({ from: from.slice(1), timestamp: nowSeconds(), ...m })),
  });
}

const storedMessage = (wamid: string) => waitFor(`message ${wamid}`, () => db.message.findUnique({ where: { wamid } }));

/** The delivery of `event` about message `id` that the receiver got, verified with the webhook's secret. */
const delivered = (secret: string, event: string, id: string) =>
  waitFor(`${event} for ${id}`, async () => {
    const got = received.find((r) => r.body.includes(`"${event}"`) && r.body.includes(id));
    return got && (new Webhook(secret).verify(got.body, got.headers) as Record<string, any>);
  });

describe('inbound kinds over /v1 and webhooks', () => {
  let orgId: string;
  let account: Awaited<ReturnType<typeof createConnectedAccount>>;
  let v1: ReturnType<typeof v1Caller>;
  let secret: string;

  before(async () => {
    const tenant = await createAgentTenant();
    orgId = tenant.org.id;
    account = await createConnectedAccount(orgId);
    v1 = v1Caller((await createApiKey(orgId)).key);
    secret = (await createWebhook(orgId, { name: 'kinds', url: `${receiverBase}/hook`, events: ['message.received', 'message.sent'] })).secret;
  });

  const expected: Record<string, { field: string; content: string; value: unknown }> = {
    location: {
      field: 'location',
      content: 'Main Street Beach, 1 Hacker Way, Menlo Park, CA 94025',
      value: {
        latitude: 37.483307,
        longitude: -122.148981,
        name: 'Main Street Beach',
        address: '1 Hacker Way, Menlo Park, CA 94025',
        url: 'https://example.com',
      },
    },
    contacts: {
      field: 'contacts',
      content: 'John Smith +1 (940) 555-1234',
      value: [{ name: 'John Smith', phones: ['+1 (940) 555-1234', '+1 (650) 555-1234'], emails: ['test@fb.com'] }],
    },
    button_reply: {
      field: 'reply',
      content: 'Track my order',
      value: { kind: 'button', id: 'track-order', title: 'Track my order', description: null, response: null },
    },
    list_reply: {
      field: 'reply',
      content: 'Express',
      value: { kind: 'list', id: 'priority_express', title: 'Express', description: 'Next day to 2 days', response: null },
    },
    nfm_reply: {
      field: 'reply',
      content: 'Form answers: appointment_date: 2026-12-01, party_size: 2',
      value: { kind: 'flow', id: null, title: 'Sent', description: null, response: { appointment_date: '2026-12-01', party_size: '2' } },
    },
    order: {
      field: 'order',
      content: 'Order: 3 items, 20.48 USD',
      value: {
        catalog_id: 'CATALOG_ID',
        text: 'Please deliver after 5pm',
        items: [
          { product_retailer_id: 'SKU-BLUE-MUG', quantity: 2, item_price: 7.99, currency: 'USD' },
          { product_retailer_id: 'SKU-TEA', quantity: 1, item_price: 4.5, currency: 'USD' },
        ],
      },
    },
    unsupported: {
      field: 'unsupported',
      content: '[unsupported message]',
      value: { platform_type: 'poll', code: 131051, title: 'Message type unknown' },
    },
  };
  const kindFields = ['location', 'contacts', 'sticker', 'reply', 'order', 'unsupported', 'system'];

  for (const [name, want] of Object.entries(expected)) {
    test(`${name}: the documented example is stored as text with its ${want.field}, on /v1 and in message.received`, async () => {
      const from = randomPhone();
      const wamid = newWamid();
      await postMessages(account.phoneId, from, [{ id: wamid, ...documentedInboundKinds[name as keyof typeof documentedInboundKinds] }]);
      const stored = await storedMessage(wamid);
      const { status, body } = await v1('GET', `/messages/${stored.id}`);
      assert.equal(status, 200, JSON.stringify(body));
      assert.equal(body.type, 'text');
      assert.equal(body.direction, 'incoming');
      assert.equal(body.content, want.content);
      assert.deepEqual(body[want.field], want.value);
      // Every other kind's field is there, null.
      for (const field of kindFields.filter((f) => f !== want.field)) assert.equal(body[field], null, field);
      const payload = await delivered(secret, 'message.received', stored.id);
      assert.deepEqual(payload.message[want.field], want.value);
      assert.equal(payload.message.content, want.content);
    });
  }

  test('sticker: an image with its media and `sticker.animated`', async () => {
    const from = randomPhone();
    // The simulator serves the sticker's bytes, so the media download succeeds as at the platform.
    const webp = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 'latin1').toString('base64');
    const { wamid } = await simulator<{ wamid: string }>('/_sim/inbound', {
      phone_id: account.phoneId,
      from,
      type: 'sticker',
      media: { data_base64: webp, mime_type: 'image/webp', animated: true },
    });
    const stored = await waitFor('the sticker with its media', async () => {
      const m = await db.message.findUnique({ where: { wamid } });
      return m?.hasMedia && m;
    });
    const { body } = await v1('GET', `/messages/${stored.id}`);
    assert.deepEqual([body.type, body.content, body.has_media, body.sticker], ['image', '', true, { animated: true }]);
    const payload = await delivered(secret, 'message.received', stored.id);
    assert.deepEqual(payload.message.sticker, { animated: true });
  });

  test('a system message (changed number) is a note in the thread: no message.received, no unread, no last message', async () => {
    const from = randomPhone();
    const first = newWamid();
    await postMessages(account.phoneId, from, [{ id: first, type: 'text', text: { body: 'before the change' } }]);
    const before = await storedMessage(first);
    await db.contact.update({ where: { id: before.contactId }, data: { unread: false } });
    const wamid = newWamid();
    await postMessages(account.phoneId, from, [{ id: wamid, ...documentedSystemMessage }], false);
    const stored = await storedMessage(wamid);
    const { body } = await v1('GET', `/messages/${stored.id}`);
    assert.deepEqual(body.system, {
      type: 'user_changed_number',
      body: 'User Sheena Nelson changed from 16505551234 to 12195555358',
      wa_id: '12195555358',
      user_id: null,
    });
    assert.equal(body.content, 'User Sheena Nelson changed from 16505551234 to 12195555358');
    const contact = await db.contact.findUniqueOrThrow({ where: { id: stored.contactId } });
    assert.deepEqual([contact.unread, contact.lastMessagePreview], [false, 'before the change']);
    assert.equal(
      await db.event.count({ where: { orgId, type: 'message.received', payload: { path: ['message', 'id'], equals: stored.id } } }),
      0,
    );
  });

  test('an odd message does not refuse its siblings: an unknown kind is stored as unsupported beside a text', async () => {
    const from = randomPhone();
    const [odd, text] = [newWamid(), newWamid()];
    await postMessages(account.phoneId, from, [
      { id: odd, type: 'hologram', hologram: { depth: 3 } },
      { id: text, type: 'text', text: { body: 'still here' } },
    ]);
    const stored = await storedMessage(odd);
    assert.deepEqual(stored.kindData, { unsupported: { platform_type: 'hologram', code: null, title: null } });
    assert.equal((await storedMessage(text)).content, 'still here');
  });

  test('five messages in one second keep their arrival order in every list and in last_message, in one webhook or five', async () => {
    const words = ['one', 'two', 'three', 'four', 'five'];
    const second = nowSeconds();
    const together = randomPhone();
    const ids = words.map(() => newWamid());
    await postMessages(
      account.phoneId,
      together,
      words.map((word, i) => ({ id: ids[i], timestamp: second, type: 'text', text: { body: word } })),
    );
    // Five webhooks, received one after the other and processed concurrently: received order wins.
    const apart = randomPhone();
    for (const word of words)
      await postMessages(account.phoneId, apart, [{ id: newWamid(), timestamp: second, type: 'text', text: { body: word } }]);
    for (const phone of [together, apart]) {
      const contact = await waitFor('the five stored', async () => {
        const c = await db.contact.findFirst({ where: { orgId, phoneNumber: phone }, include: { _count: { select: { messages: true } } } });
        return c && c._count.messages === 5 && c;
      });
      const thread = await v1('GET', `/conversations/${contact.id}/messages?limit=5`);
      assert.deepEqual(
        thread.body.data.map((m: { content: string }) => m.content),
        [...words].reverse(),
      );
      // Keyset paging keeps the order across pages.
      const first = await v1('GET', `/conversations/${contact.id}/messages?limit=2`);
      const rest = await v1('GET', `/conversations/${contact.id}/messages?limit=3&cursor=${first.body.next_cursor}`);
      assert.deepEqual(
        [...first.body.data, ...rest.body.data].map((m: { content: string }) => m.content),
        [...words].reverse(),
      );
      const conversations = await v1('GET', `/conversations?search=${encodeURIComponent(phone.slice(1))}`);
      assert.deepEqual(
        conversations.body.data.map((c: { contact_id: string; last_message: string }) => [c.contact_id, c.last_message]),
        [[contact.id, 'five']],
      );
    }
  });
});

describe('echoes from the WhatsApp Business app', () => {
  test('stored as an outgoing phone_app message, announced as message.sent, and the bot stands down', async () => {
    const tenant = await createAgentTenant({ aiPlan: 'starter' });
    const orgId = tenant.org.id;
    const account = await createConnectedAccount(orgId);
    await createCredential(tenant.project.id, { provider: 'openai', api_key: simKey() });
    await createAgent(tenant.project.id, { model: { id: 'sim/steady' }, channels: { whatsapp: { accounts: [account.id], coalesce_ms: 0 } } });
    const secret = (await createWebhook(orgId, { name: 'echoes', url: `${receiverBase}/echo`, events: ['message.sent'] })).secret;
    const v1 = v1Caller((await createApiKey(orgId)).key);
    const phone = randomPhone();
    const botReplies = (contactId: string) => db.message.count({ where: { contactId, direction: 'outgoing', authorType: 'bot' } });

    // The customer shares a location: the agent reads its coordinates and name, and answers.
    await simulator('/_sim/inbound', {
      phone_id: account.phoneId,
      from: phone,
      type: 'location',
      kind: { location: { latitude: 37.483307, longitude: -122.148981, name: 'Main Street Beach' } },
    });
    const contact = await waitFor('the contact', () => db.contact.findFirst({ where: { orgId, phoneNumber: phone } }));
    await waitFor('the bot to answer', async () => (await botReplies(contact.id)) === 1);
    const userMessage = await db.agentMessage.findFirstOrThrow({ where: { role: 'user', session: { externalId: `wa:${contact.id}` } } });
    assert.equal(userMessage.text, '[location] 37.483307, -122.148981 (Main Street Beach)');

    // Staff answer from the phone app.
    const wamid = newWamid();
    await postWebhook('smb_message_echoes', documentedEcho(account.phoneId, '15550783881', phone.slice(1), wamid, nowSeconds()));
    const echo = await storedMessage(wamid);
    const { body } = await v1('GET', `/messages/${echo.id}`);
    assert.deepEqual(
      [body.direction, body.status, body.author_type, body.author, body.content],
      ['outgoing', 'sent', 'phone_app', { type: 'phone_app' }, 'Hi, this is Ada from the shop phone.'],
    );
    const payload = await delivered(secret, 'message.sent', echo.id);
    assert.equal(payload.message.author_type, 'phone_app');
    const handoff = await waitFor('the takeover', () =>
      db.agentHandoff.findFirst({
        where: { session: { externalId: `wa:${contact.id}` }, reason: 'takeover', status: { in: ['open', 'assigned'] } },
      }),
    );
    assert.equal(handoff.openedBy, 'takeover');

    // The customer writes again: stored for people, and the bot stays silent.
    const { wamid: next } = await simulator<{ wamid: string }>('/_sim/inbound', { phone_id: account.phoneId, from: phone, text: 'Thanks Ada!' });
    await storedMessage(next);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(await botReplies(contact.id), 1);
  });
});
