import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { config } from '@/server/config';
import { db } from '@/server/db';
import { OUTBOX_CHANNEL } from '@/server/outbox';
import { signPlatformPayload } from '@/server/platform/webhook-signature';
import { seedDemo, type DemoData } from '@/server/seed/seed-demo';
import { getMessage as getMessageSpec } from '@/server/api/endpoints/messages';
import { messageSchema } from '@/server/api/schemas';
import { webhookPayloadSchema } from '@/server/api/webhook-payloads';
import { documented } from '../support/documented';
import { messagesApi, openWindow as openWindowOf, sentTo } from '../support/messages-api';
import { appUrl, randomPhone, simulator } from '../support/stack';
import { waitFor } from '../support/wait-for';

/** POST /v1/messages and what follows, through the real web app, worker and simulator. Media: messages-media.test.ts. */
let demo: DemoData;
const { send, getMessage, waitForStatus, waitForAtLeast, expectRefusal } = messagesApi(() => demo.orgs.acme.keys.full);

before(async () => {
  demo = await seedDemo();
});

after(async () => {
  await db.$disconnect();
});

const openWindow = (phone: string) => openWindowOf({ orgId: demo.orgs.acme.id, phoneId: demo.orgs.acme.accounts.main.phone_id }, phone);

describe('sending', () => {
  test('text inside the window: 201 pending, then sent, delivered and read', async () => {
    const phone = randomPhone();
    await openWindow(phone);
    const res = await send({ to: phone, type: 'text', text: { body: 'Your order shipped.' } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.status, 'pending');
    assert.equal(res.body.direction, 'outgoing');
    assert.equal(res.body.from, 'main');
    assert.equal(res.body.to, phone);
    const read = await waitForStatus(res.body.id, 'read');
    assert.match(read.wamid, /^wamid\./);
    assert.equal((await sentTo(phone)).length, 1);
  });

  test('text outside the window: 422 service_window_closed', async () => {
    await expectRefusal({ contact_id: demo.orgs.acme.contacts.no_window, type: 'text', text: { body: 'hello' } }, 422, 'service_window_closed');
    await expectRefusal({ to: randomPhone(), type: 'text', text: { body: 'hello' } }, 422, 'service_window_closed');
  });

  test('a template to a new number creates the contact and fills the variables', async () => {
    const phone = randomPhone();
    const res = await send({
      to: phone,
      type: 'template',
      template: { name: 'order_update', parameters: { customer_name: 'Ann', order_id: 'A-9' } },
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.content, 'Hi Ann, your order A-9 has been updated.');
    const contact = await db.contact.findFirstOrThrow({ where: { orgId: demo.orgs.acme.id, phoneNumber: phone } });
    assert.equal(res.body.contact_id, contact.id);
    const message = await waitForStatus(res.body.id, 'read');
    assert.equal(message.template_name, 'order_update');
    const [sent] = await sentTo(phone);
    assert.deepEqual(sent?.body.template.components, [
      {
        type: 'body',
        parameters: [
          { type: 'text', parameter_name: 'customer_name', text: 'Ann' },
          { type: 'text', parameter_name: 'order_id', text: 'A-9' },
        ],
      },
    ]);
  });

  test('sends accepted together, several to one new number: one contact per number, each message stored and sent once', async () => {
    const shared = randomPhone();
    const others = [randomPhone(), randomPhone(), randomPhone()];
    const targets = [shared, others[0], shared, others[1], shared, others[2]] as string[];
    const responses = await Promise.all(
      targets.map((to, i) =>
        send({ to, type: 'template', template: { name: 'order_update', parameters: { customer_name: 'Ann', order_id: `T-${i}` } } }),
      ),
    );
    for (const res of responses) assert.equal(res.status, 201, JSON.stringify(res.body));

    const contacts = await db.contact.findMany({ where: { orgId: demo.orgs.acme.id, phoneNumber: { in: [shared, ...others] } } });
    assert.equal(contacts.length, 4);
    const sharedContact = contacts.find((c) => c.phoneNumber === shared);
    const toShared = responses.filter((_, i) => targets[i] === shared);
    assert.deepEqual(new Set(toShared.map((res) => res.body.contact_id)), new Set([sharedContact?.id]));
    assert.ok(toShared.some((res) => res.body.content === sharedContact?.lastMessagePreview));
    for (const res of responses) await waitForAtLeast(res.body.id, 'sent');
    assert.equal((await sentTo(shared)).length, 3);
    for (const phone of others) assert.equal((await sentTo(phone)).length, 1);
  });

  test("accepting a send wakes the worker's outbox relay, which queues it at once rather than at its sweep", async () => {
    const listener = new pg.Client({ connectionString: config.DATABASE_URL });
    await listener.connect();
    try {
      const notified = new Promise<string>((resolve) => listener.on('notification', (n) => resolve(n.channel)));
      await listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
      const phone = randomPhone();
      await openWindow(phone);
      const res = await send({ to: phone, type: 'text', text: { body: 'Straight to the queue.' } });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.equal(await notified, OUTBOX_CHANNEL);
      const outbox = await waitFor('the send job handed over', async () => {
        const row = await db.outboxJob.findFirst({
          where: { name: 'message.send', data: { path: ['messageIds'], array_contains: [res.body.id] } },
        });
        return row?.dispatchedAt ? { ...row, dispatchedAt: row.dispatchedAt } : undefined;
      });
      // Any insert notifies (openWindow's rows too); what shows the send's own did: the sweep
      // takes only rows two seconds old.
      const waited = outbox.dispatchedAt.getTime() - outbox.createdAt.getTime();
      assert.ok(waited < 1_500, `handed over ${waited} ms after commit`);
      await waitForAtLeast(res.body.id, 'sent');
    } finally {
      await listener.end();
    }
  });

  test('an authentication template carries its code on the copy-code button', async () => {
    const phone = randomPhone();
    const res = await send({ to: phone, type: 'template', template: { name: 'login_code', parameters: { '1': '739201' } } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    await waitFor('the send', async () => (await sentTo(phone)).length === 1);
    const [sent] = await sentTo(phone);
    assert.deepEqual(sent?.body.template.components[1], {
      type: 'button',
      sub_type: 'url',
      index: '0',
      parameters: [{ type: 'text', text: '739201' }],
    });
  });

  test('templates that are not APPROVED are refused with their status and advice', async () => {
    const pending = await expectRefusal({ to: randomPhone(), type: 'template', template: { name: 'draft_promo' } }, 422, 'template_not_approved');
    assert.match(pending.message, /draft_promo.*PENDING.*wait/);
    const rejected = await expectRefusal({ to: randomPhone(), type: 'template', template: { name: 'old_promo' } }, 422, 'template_not_approved');
    assert.match(rejected.message, /REJECTED.*fix it and resubmit/);
  });

  test('missing template variables: 422 missing_template_parameter', async () => {
    const error = await expectRefusal(
      { to: randomPhone(), type: 'template', template: { name: 'order_update', parameters: { customer_name: 'Ann' } } },
      422,
      'missing_template_parameter',
      'parameters',
    );
    assert.match(error.message, /order_id/);
  });

  test("a missing header variable is param `parameters` too, and the message says it is the header's", async () => {
    const header = await expectRefusal(
      { to: randomPhone(), type: 'template', template: { name: 'header_text', parameters: { name: 'Ann' } } },
      422,
      'missing_template_parameter',
      'parameters',
    );
    assert.match(header.message, /header variable \{\{title\}\} is missing/);
    const body = await expectRefusal(
      { to: randomPhone(), type: 'template', template: { name: 'header_text', header_parameters: { title: 'Hi' } } },
      422,
      'missing_template_parameter',
      'parameters',
    );
    assert.match(body.message, /body variable \{\{name\}\} is missing/);
  });

  test('marketing templates are refused for opted-out contacts; utility ones go through', async () => {
    await expectRefusal(
      {
        contact_id: demo.orgs.acme.contacts.opted_out,
        type: 'template',
        template: { name: 'promo_offer', parameters: { '1': 'Oscar', '2': '10%' } },
      },
      422,
      'contact_opted_out',
    );
    const utility = await send({
      contact_id: demo.orgs.acme.contacts.opted_out,
      type: 'template',
      template: { name: 'order_update', parameters: { customer_name: 'Oscar', order_id: '1' } },
    });
    assert.equal(utility.status, 201);
  });

  test('addressing errors', async () => {
    const template = { name: 'order_update', parameters: { customer_name: 'a', order_id: 'b' } };
    await expectRefusal({ to: randomPhone(), from: 'nope', type: 'template', template }, 422, 'account_not_found', 'from');
    await expectRefusal(
      { to: randomPhone(), type: 'text', text: { body: 'x' } },
      422,
      'no_connected_account',
      undefined,
      demo.orgs.noaccount.keys.full,
    );
    await expectRefusal(
      { to: randomPhone(), contact_id: demo.orgs.acme.contacts.no_window, type: 'template', template },
      422,
      'invalid_parameter',
    );
    await expectRefusal({ type: 'template', template }, 422, 'invalid_parameter');
    await expectRefusal({ to: randomPhone(), type: 'sticker', sticker: {} }, 422, 'invalid_parameter', 'type');
    await expectRefusal({ to: 'not a number', type: 'template', template }, 422, 'invalid_parameter', 'to');
    await expectRefusal({ contact_id: demo.orgs.globex.contact_id, type: 'template', template }, 404, 'resource_not_found');
    await expectRefusal(
      { to: randomPhone(), type: 'template', template, callback_url: 'http://169.254.169.254/latest' },
      422,
      'url_not_allowed',
      'callback_url',
    );
    await expectRefusal({ to: randomPhone(), type: 'text', text: { body: 'x' }, reference: 'r' }, 400, 'unknown_field', 'reference');
  });

  test('another organization cannot read the message', async () => {
    const res = await send({
      to: randomPhone(),
      type: 'template',
      template: { name: 'order_update', parameters: { customer_name: 'a', order_id: 'b' } },
    });
    const foreign = await fetch(`${appUrl}/v1/messages/${res.body.id}`, { headers: { authorization: `Bearer ${demo.orgs.globex.keys.full}` } });
    assert.equal(foreign.status, 404);
    assert.equal((await foreign.json()).error.code, 'resource_not_found');
  });

  test('a message reads as documented: fields that do not apply are null, in the answer and in its events', async () => {
    const phone = randomPhone();
    await openWindow(phone);
    const res = await send({ to: phone, type: 'text', text: { body: 'Documented.' } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const sent = await waitForAtLeast(res.body.id, 'sent');
    assert.equal(getMessageSpec.response.schema, messageSchema);
    const read = documented(messageSchema, sent);
    for (const field of ['template_name', 'error_code', 'error_message', 'reference'] as const) assert.equal(read[field], null, field);
    assert.equal(read.author_type, 'api');
    const event = await waitFor('its message.sent event', () =>
      db.event.findFirst({ where: { type: 'message.sent', payload: { path: ['message', 'id'], equals: res.body.id } } }),
    );
    documented(webhookPayloadSchema('message.sent'), event.payload);
    const payload = event.payload as { message: { error_code: unknown; author: unknown } };
    assert.equal(payload.message.error_code, null);
    assert.deepEqual(payload.message.author, { type: 'api' });
  });
});

describe('statuses and replies', () => {
  test('statuses never move backwards, whatever order or how often they arrive', async () => {
    const phone = randomPhone('9902'); // the simulator reports `sent` only
    const res = await send({
      to: phone,
      type: 'template',
      template: { name: 'order_update', parameters: { customer_name: 'a', order_id: 'b' } },
    });
    const sent = await waitForStatus(res.body.id, 'sent');
    const status = (s: string, at: number) => ({ id: sent.wamid, status: s, timestamp: String(at), recipient_id: phone.slice(1) });
    const now = Math.floor(Date.now() / 1000);
    const envelope = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550100001', phone_number_id: demo.orgs.acme.accounts.main.phone_id },
                statuses: [
                  status('read', now + 2),
                  status('delivered', now + 1),
                  status('sent', now),
                  status('read', now + 2),
                  status('failed', now + 3),
                ],
              },
            },
          ],
        },
      ],
    });
    const post = await fetch(`${appUrl}/api/platform/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPlatformPayload(envelope, config.PLATFORM_APP_SECRET) },
      body: envelope,
    });
    assert.equal(post.status, 200);
    await waitForStatus(res.body.id, 'read');
    await new Promise((r) => setTimeout(r, 500));
    assert.equal((await getMessage(res.body.id)).body.status, 'read');
    const events = await db.event.findMany({ where: { orgId: demo.orgs.acme.id, payload: { path: ['message', 'id'], equals: res.body.id } } });
    assert.deepEqual(events.map((e) => e.type).sort(), ['message.read', 'message.sent'], 'one event per step taken');
  });

  test('a button tap stores the reply and emits button.reply with the reference; bot_reply: false is kept', async () => {
    const phone = randomPhone();
    const res = await send({
      to: phone,
      type: 'template',
      reference: 'order-77',
      bot_reply: false,
      template: { name: 'promo_offer', parameters: { '1': 'Pat', '2': '5%' }, button_parameters: { '0': 'WANTS_PROMO' } },
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const sent = await waitForStatus(res.body.id, 'read');
    await simulator('/_sim/tap', { wamid: sent.wamid, button_index: 0 });
    const event = await waitFor('button.reply', () =>
      db.event.findFirst({
        where: { orgId: demo.orgs.acme.id, type: 'button.reply', payload: { path: ['in_reply_to', 'message_id'], equals: res.body.id } },
      }),
    );
    const payload = event.payload as Record<string, any>;
    assert.deepEqual(payload.button, { id: 'WANTS_PROMO', text: 'Yes please' });
    assert.equal(payload.in_reply_to.reference, 'order-77');
    assert.equal(payload.in_reply_to.wamid, sent.wamid);
    assert.equal(payload.contact.phone_number, phone);
    assert.match(payload.id, /^evt_/);
    const reply = await db.message.findFirstOrThrow({ where: { contextWamid: sent.wamid } });
    assert.equal(reply.direction, 'incoming');
    assert.equal(reply.content, 'Yes please');
    // bot_reply: false keeps the reply from the chatbot, yet it is stored and announced.
    assert.equal(reply.botReply, false);
    const received = await db.event.findFirstOrThrow({
      where: { type: 'message.received', payload: { path: ['message', 'id'], equals: reply.id } },
    });
    assert.equal((received.payload as Record<string, unknown>).bot_reply, false);
  });
});
