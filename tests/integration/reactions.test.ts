import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { config } from '@/server/config';
import { db } from '@/server/db';
import { signPlatformPayload } from '@/server/platform/webhook-signature';
import { closeQueues } from '@/server/queues';
import { seedDemo, type DemoData } from '@/server/seed/seed-demo';
import { createWebhook } from '@/server/webhooks/create-webhook';
import { createUser } from '../factories';
import { sessionCookie, trpc } from '../support/dashboard-session';
import { appUrl, randomPhone, simulator } from '../support/stack';
import { sleep, waitFor } from '../support/wait-for';

/**
 * Customer reactions (docs/messaging-api.md, "Reactions"): a signed reaction webhook annotates
 * the message it reacts to, `message.reaction` reaches a webhook receiver, a removal clears it,
 * a platform retry changes nothing and another organization sees none of it.
 */
let demo: DemoData;
let receiver: Server;
let base: string;
const received: Array<{ url: string; body: Record<string, unknown> }> = [];

before(async () => {
  demo = await seedDemo();
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ url: req.url ?? '', body: JSON.parse(body || '{}') });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.77', resolve));
  base = `http://127.0.0.77:${(receiver.address() as AddressInfo).port}`;
  await createWebhook(demo.orgs.acme.id, { name: 'reactions', url: `${base}/acme`, events: ['message.reaction'] });
  await createWebhook(demo.orgs.globex.id, { name: 'reactions', url: `${base}/globex`, events: ['message.reaction'] });
});

after(async () => {
  receiver.closeAllConnections();
  receiver.close();
  await closeQueues();
  await db.$disconnect();
});

const acmeKey = () => demo.orgs.acme.keys.full;

async function getMessage(id: string, key = acmeKey()) {
  const res = await fetch(`${appUrl}/v1/messages/${id}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: res.status, body: await res.json() };
}

/** A template message to a new customer, accepted by the platform: what the customer reacts to. */
async function sentMessage() {
  const to = randomPhone();
  const res = await fetch(`${appUrl}/v1/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${acmeKey()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ to, type: 'template', template: { name: 'promo_offer', parameters: { '1': 'Pat', '2': '5%' } } }),
  });
  const message = await res.json();
  assert.equal(res.status, 201, JSON.stringify(message));
  const row = await waitFor('the send', () => db.message.findFirst({ where: { id: message.id, wamid: { not: null } } }));
  return { id: message.id as string, wamid: row.wamid!, to };
}

const reactionsOf = (id: string) =>
  getMessage(id).then(({ body }) => (body.reactions as Array<{ emoji: string; by: string }>).map((r) => `${r.by}:${r.emoji}`));

const reactionEvents = (messageId: string, url = '/acme') =>
  received.filter((r) => r.url === url && (r.body.message as { id?: string } | undefined)?.id === messageId);

/** The platform's reaction webhook for `wamid`, signed with the app secret; `time` makes a retry's body differ. */
async function postReaction(phoneId: string, from: string, reactionWamid: string, reaction: Record<string, unknown>, time: number) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '1',
        time,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550000000', phone_number_id: phoneId },
              contacts: [{ profile: { name: 'Pat' }, wa_id: from.slice(1) }],
              messages: [
                { from: from.slice(1), id: reactionWamid, timestamp: String(Math.floor(Date.now() / 1000)), type: 'reaction', reaction },
              ],
            },
          },
        ],
      },
    ],
  });
  const res = await fetch(`${appUrl}/api/platform/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPlatformPayload(body, config.PLATFORM_APP_SECRET) },
    body,
  });
  assert.equal(res.status, 200);
}

const processed = (wamid: string) =>
  db.$queryRaw<Array<{ n: bigint }>>`
    SELECT count(*) AS n FROM platform_events WHERE payload LIKE ${`%${wamid}%`} AND processed_at IS NOT NULL`.then((rows) =>
    Number(rows[0]?.n ?? 0),
  );

describe('customer reactions', () => {
  test('a reaction annotates its message, is replaced by the next, is removed, and is announced each time', async () => {
    const message = await sentMessage();
    const before = await db.message.count({ where: { orgId: demo.orgs.acme.id } });
    const contact = await db.contact.findFirstOrThrow({ where: { orgId: demo.orgs.acme.id, phoneNumber: message.to } });
    await db.contact.update({ where: { id: contact.id }, data: { unread: false, conversationStatus: 'resolved' } });

    await simulator('/_sim/react', { wamid: message.wamid, emoji: '👍' });
    await waitFor('the reaction', async () => (await reactionsOf(message.id)).join() === 'customer:👍');
    const event = await waitFor('message.reaction', async () => reactionEvents(message.id)[0]);
    assert.equal(event.body.event, 'message.reaction');
    assert.deepEqual({ ...(event.body.reaction as object), created_at: undefined }, { emoji: '👍', by: 'customer', created_at: undefined });
    assert.deepEqual(event.body.contact, { id: contact.id, phone_number: message.to, name: contact.name });
    assert.deepEqual(
      (event.body.message as { reactions: unknown[] }).reactions.map((r) => (r as { emoji: string }).emoji),
      ['👍'],
    );

    await simulator('/_sim/react', { wamid: message.wamid, emoji: '❤️' });
    await waitFor('the replacement', async () => (await reactionsOf(message.id)).join() === 'customer:❤️');

    // The platform documents a removal with `emoji` omitted.
    await simulator('/_sim/react', { wamid: message.wamid });
    await waitFor('the removal', async () => (await reactionsOf(message.id)).length === 0);
    const removal = await waitFor('the removal event', async () => reactionEvents(message.id)[2]);
    assert.equal((removal.body.reaction as { emoji: unknown }).emoji, null);

    // Reactions are not messages, and the conversation is not marked unread by them.
    assert.equal(await db.message.count({ where: { orgId: demo.orgs.acme.id } }), before);
    assert.equal(await db.message.count({ where: { content: '[reaction message]' } }), 0);
    const after = await db.contact.findUniqueOrThrow({ where: { id: contact.id } });
    assert.deepEqual([after.unread, after.conversationStatus], [false, 'resolved']);
  });

  test('a removal sent with an empty emoji removes too', async () => {
    const message = await sentMessage();
    await simulator('/_sim/react', { wamid: message.wamid, emoji: '🙏' });
    await waitFor('the reaction', async () => (await reactionsOf(message.id)).join() === 'customer:🙏');
    await simulator('/_sim/react', { wamid: message.wamid, emoji: '' });
    await waitFor('the removal', async () => (await reactionsOf(message.id)).length === 0);
  });

  test('a platform retry of the same reaction is not applied or announced twice', async () => {
    const message = await sentMessage();
    const phoneId = demo.orgs.acme.accounts.main.phone_id;
    const reactionWamid = `wamid.retry-${Date.now()}`;
    await postReaction(phoneId, message.to, reactionWamid, { message_id: message.wamid, emoji: '😂' }, 1);
    await waitFor('the reaction', async () => (await reactionsOf(message.id)).join() === 'customer:😂');
    await waitFor('its event', async () => reactionEvents(message.id).length === 1);
    await postReaction(phoneId, message.to, reactionWamid, { message_id: message.wamid, emoji: '😂' }, 2);
    await waitFor('the retry processed', async () => (await processed(reactionWamid)) === 2);
    await sleep(500);
    assert.equal(reactionEvents(message.id).length, 1);
    assert.equal(
      await db.event.count({
        where: { orgId: demo.orgs.acme.id, type: 'message.reaction', payload: { path: ['message', 'id'], equals: message.id } },
      }),
      1,
    );
    assert.deepEqual(await reactionsOf(message.id), ['customer:😂']);
  });

  test('another organization can neither read the reaction nor hears of it', async () => {
    const message = await sentMessage();
    await simulator('/_sim/react', { wamid: message.wamid, emoji: '😮' });
    await waitFor('the reaction', async () => (await reactionsOf(message.id)).join() === 'customer:😮');
    const other = await getMessage(message.id, demo.orgs.globex.keys.full);
    assert.equal(other.status, 404);
    await waitFor('acme heard of it', async () => reactionEvents(message.id).length === 1);
    assert.equal(reactionEvents(message.id, '/globex').length, 0);
  });
});

describe('the business reacts from the inbox', () => {
  type Sent = { data: Array<{ body: { type?: string; reaction?: { message_id: string; emoji: string } } }> };
  const reactionSends = async (to: string) =>
    (await simulator<Sent>(`/_sim/sent?to=${encodeURIComponent(to)}`)).data.filter((s) => s.body.type === 'reaction').map((s) => s.body.reaction);

  test('a reaction is recorded, announced and sent once; choosing it again sends nothing; removing sends ""', async () => {
    const from = randomPhone();
    const { wamid } = await simulator<{ wamid: string }>('/_sim/inbound', {
      phone_id: demo.orgs.acme.accounts.main.phone_id,
      from,
      text: 'Thanks!',
    });
    const inbound = await waitFor('the inbound message', () => db.message.findFirst({ where: { wamid } }));
    const cookie = await sessionCookie(demo.dashboard);

    const first = await trpc(cookie, 'mutation', 'inbox.react', { messageId: inbound.id, emoji: '👍' });
    assert.equal(first.status, 200, JSON.stringify(first.error));
    assert.deepEqual(await reactionsOf(inbound.id), ['business:👍']);
    // A double click: the same reaction again changes nothing and sends nothing.
    await trpc(cookie, 'mutation', 'inbox.react', { messageId: inbound.id, emoji: '👍' });
    await waitFor('the send', async () => (await reactionSends(from)).length === 1);
    const event = await waitFor('message.reaction', async () => reactionEvents(inbound.id)[0]);
    assert.equal((event.body.reaction as { by: string }).by, 'business');
    const ours = await waitFor('its wamid', () => db.messageReaction.findFirst({ where: { messageId: inbound.id, wamid: { not: null } } }));
    // Its `sent` status names no message, yet it is settled, not retried as unmatched.
    await waitFor('its status settled', () =>
      db.platformEvent.findFirst({ where: { payload: { contains: ours.wamid! }, processedAt: { not: null }, error: null } }),
    );
    await sleep(500);
    assert.deepEqual(await reactionSends(from), [{ message_id: wamid, emoji: '👍' }]);
    assert.equal(reactionEvents(inbound.id).length, 1);

    await trpc(cookie, 'mutation', 'inbox.react', { messageId: inbound.id, emoji: null });
    assert.deepEqual(await reactionsOf(inbound.id), []);
    await waitFor('the removal sent', async () => (await reactionSends(from)).length === 2);
    assert.deepEqual((await reactionSends(from)).map((sent) => `${sent?.message_id}:${sent?.emoji}`).sort(), [`${wamid}:`, `${wamid}:👍`]);
  });

  test("another organization's member cannot react to the message, and only offered emoji are taken", async () => {
    const { wamid } = await simulator<{ wamid: string }>('/_sim/inbound', {
      phone_id: demo.orgs.acme.accounts.main.phone_id,
      from: randomPhone(),
      text: 'Hi',
    });
    const inbound = await waitFor('the inbound message', () => db.message.findFirst({ where: { wamid } }));
    const stranger = await sessionCookie(await createUser({ memberships: [{ orgId: demo.orgs.globex.id, role: 'owner' }] }));
    const refused = await trpc(stranger, 'mutation', 'inbox.react', { messageId: inbound.id, emoji: '👍' });
    assert.equal(refused.status, 404, JSON.stringify(refused));
    const odd = await trpc(await sessionCookie(demo.dashboard), 'mutation', 'inbox.react', { messageId: inbound.id, emoji: '🦄' });
    assert.equal(odd.status, 400);
    assert.equal(await db.messageReaction.count({ where: { messageId: inbound.id } }), 0);
  });
});
