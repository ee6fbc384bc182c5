import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { db } from '@/server/db';
import { listInboxMessages } from '@/server/inbox/list-inbox-messages';
import { retryFailedMessage } from '@/server/inbox/retry-failed-message';
import { sendInboxReply } from '@/server/inbox/send-inbox-reply';
import { createOrg } from '../factories';
import { organizationWithCustomer } from '../platform-factories';
import { randomPhone, simulator } from '../support/stack';
import { waitFor } from '../support/wait-for';

/** A failed reply in the inbox says why in plain words and can be sent again, once, under today's rules. */
let orgId: string;
let contactId: string;
let phone: string;

before(async () => {
  ({ orgId, contactId, phone } = await organizationWithCustomer(randomPhone('9904'))); // the simulator accepts, then reports the message failed (131026)
});

after(async () => {
  await db.$disconnect();
});

const failedOnce = (id: string) => waitFor(`message ${id} failed`, () => db.message.findFirst({ where: { id, status: 'failed' } }));

test('a failed reply is explained, and a retry is a new message sent once; the failed one stays', async () => {
  const first = await sendInboxReply(orgId, contactId, { type: 'text', body: 'Your order is on its way.' });
  await failedOnce(first.id);
  const thread = await listInboxMessages(orgId, contactId, { limit: 10 });
  const shown = thread.data.find((m) => m.id === first.id);
  assert.deepEqual(shown?.failure, { code: 131026, key: 'undeliverable', advice: 'none' });

  const again = await retryFailedMessage(orgId, first.id);
  assert.notEqual(again.id, first.id);
  assert.deepEqual([again.status, again.content], ['pending', 'Your order is on its way.']);
  await failedOnce(again.id);
  assert.equal((await db.message.findUniqueOrThrow({ where: { id: first.id } })).status, 'failed');
  const atPlatform = await simulator<{ data: unknown[] }>(`/_sim/sent?to=${encodeURIComponent(phone)}`);
  assert.equal(atPlatform.data.length, 2, 'sent once, and once again on retry');
});

test('only a failed message of the organization can be retried', async () => {
  const sent = await sendInboxReply(orgId, contactId, { type: 'text', body: 'Another one.' });
  await assert.rejects(retryFailedMessage(orgId, sent.id), { code: 'resource_not_found' }, 'not failed (yet)');
  await failedOnce(sent.id);
  const other = await createOrg();
  await assert.rejects(retryFailedMessage(other.id, sent.id), { code: 'resource_not_found' });
});

test('free text is not retried once the window has closed', async () => {
  const sent = await sendInboxReply(orgId, contactId, { type: 'text', body: 'Late.' });
  await failedOnce(sent.id);
  await db.contact.update({ where: { id: contactId }, data: { lastInboundAt: new Date(Date.now() - 30 * 3600_000) } });
  await assert.rejects(retryFailedMessage(orgId, sent.id), { code: 'service_window_closed' });
});
