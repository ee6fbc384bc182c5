import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { db, type Account } from '@/server/db';
import { queueOutgoingMessage } from '@/server/messages/queue-outgoing-message';
import { closeQueues } from '@/server/queues';
import { createOrg } from '../factories';
import { createConnectedAccount } from '../platform-factories';
import { randomPhone, simulator } from '../support/stack';
import { sleep, waitFor } from '../support/wait-for';

/**
 * The whole loop through real processes: the simulator posts a customer's message to the web
 * app's platform webhook, the worker stores it; a reply queued in the database is sent by the
 * worker through the simulator, whose signed status webhooks move it to sent, delivered, read.
 */
let account: Account;

before(async () => {
  const org = await createOrg({});
  account = await createConnectedAccount(org.id);
});

after(async () => {
  await closeQueues();
  await db.$disconnect();
});

/** A customer writes in (opening the 24-hour window) and the worker stores the message. */
async function customerWrites(phone: string, text: string) {
  await simulator('/_sim/inbound', { phone_id: account.phoneId, from: phone, text, name: 'Casey Customer' });
  return waitFor(`the inbound message from ${phone}`, () =>
    db.contact.findFirst({ where: { orgId: account.orgId, phoneNumber: phone }, include: { messages: true } }),
  );
}

async function reply(contact: { phoneNumber: string | null }, body: string) {
  return queueOutgoingMessage({
    orgId: account.orgId,
    accountId: account.id,
    accountName: account.name,
    phoneNumber: contact.phoneNumber!,
    type: 'text',
    content: body,
    platformBody: { type: 'text', text: { body } },
  });
}

const statusOf = (id: string) => db.message.findUniqueOrThrow({ where: { id } });

describe('send loop', () => {
  test('an inbound message creates the contact, opens the window and marks it unread', async () => {
    const phone = randomPhone();
    const contact = await customerWrites(phone, 'Hello there');
    assert.equal(contact.name, 'Casey Customer');
    assert.equal(contact.unread, true);
    assert.ok(contact.lastInboundAt && Date.now() - contact.lastInboundAt.getTime() < 60_000);
    const [message] = contact.messages;
    assert.equal(message?.direction, 'incoming');
    assert.equal(message?.content, 'Hello there');
    assert.match(message?.wamid ?? '', /^wamid\./);
  });

  test('a reply is sent by the worker and reaches sent, delivered and read', async () => {
    const phone = randomPhone();
    const contact = await customerWrites(phone, 'Where is my order?');
    const message = await reply(contact, 'It ships today.');
    assert.equal(message.status, 'pending');

    const seen = new Set<string>();
    const read = await waitFor('the reply to be read', async () => {
      const current = await statusOf(message.id);
      seen.add(current.status);
      return current.status === 'read' && current;
    });
    assert.match(read.wamid ?? '', /^wamid\./);
    assert.ok(read.sentAt && read.deliveredAt && read.readAt, 'every step is timestamped');
    assert.ok(!seen.has('failed'));

    const sent = await simulator<{ data: Array<{ wamid: string; body: Record<string, unknown> }> }>(`/_sim/sent?to=${encodeURIComponent(phone)}`);
    assert.equal(sent.data.length, 1, 'sent exactly once');
    assert.equal(sent.data[0]?.wamid, read.wamid);
    assert.deepEqual(sent.data[0]?.body.text, { body: 'It ships today.' });
    assert.equal(sent.data[0]?.body.biz_opaque_callback_data, message.id);
  });

  test('a number that never reads stops at delivered', async () => {
    const contact = await customerWrites(randomPhone('9903'), 'hi');
    const message = await reply(contact, 'Hello');
    await waitFor('delivery', async () => (await statusOf(message.id)).status === 'delivered');
    await sleep(1_000);
    assert.equal((await statusOf(message.id)).status, 'delivered');
  });

  test('a refused send ends failed with the platform explanation', async () => {
    const contact = await customerWrites(randomPhone('9901'), 'hi');
    const message = await reply(contact, 'Hello');
    const failed = await waitFor('failure', async () => {
      const m = await statusOf(message.id);
      return m.status === 'failed' && m;
    });
    assert.equal(failed.errorCode, 'upstream_failure');
    assert.ok(failed.errorMessage && failed.errorMessage.length > 0);
    assert.equal(failed.wamid, null);
  });

  test('a failure reported after sending moves the message from sent to failed', async () => {
    const contact = await customerWrites(randomPhone('9904'), 'hi');
    const message = await reply(contact, 'Hello');
    const failed = await waitFor('failure', async () => {
      const m = await statusOf(message.id);
      return m.status === 'failed' && m;
    });
    assert.ok(failed.wamid, 'the platform had accepted it');
    assert.equal(failed.errorCode, 'upstream_failure');
    assert.match(failed.errorMessage ?? '', /#\d+/);
  });
});
