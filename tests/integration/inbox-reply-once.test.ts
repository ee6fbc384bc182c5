import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { db } from '@/server/db';
import { sendInboxReply } from '@/server/inbox/send-inbox-reply';
import { createOrg } from '../factories';
import { organizationWithCustomer } from '../platform-factories';
import { randomPhone, simulator } from '../support/stack';
import { sleep, waitFor } from '../support/wait-for';

/** A reply sent again with the browser's key (queued offline, or its answer lost) is one message, sent once. */
let orgId: string;
let contactId: string;
let phone: string;

before(async () => {
  ({ orgId, contactId, phone } = await organizationWithCustomer(randomPhone()));
});

after(async () => {
  await db.$disconnect();
});

const sentAtPlatform = async (body: string) =>
  (await simulator<{ data: Array<{ body: { text?: { body?: string } } }> }>(`/_sim/sent?to=${encodeURIComponent(phone)}`)).data.filter(
    (sent) => sent.body.text?.body === body,
  ).length;

test('the same reply key, sent again and at once, makes one message that is sent once', async () => {
  const clientId = randomUUID();
  const body = `Queued while offline ${clientId.slice(0, 8)}`;
  const first = await sendInboxReply(orgId, contactId, { type: 'text', body }, clientId);
  const again = await sendInboxReply(orgId, contactId, { type: 'text', body }, clientId);
  assert.equal(again.id, first.id);

  const racingKey = randomUUID();
  const racingBody = `Sent twice at once ${racingKey.slice(0, 8)}`;
  const raced = await Promise.all([1, 2, 3].map(() => sendInboxReply(orgId, contactId, { type: 'text', body: racingBody }, racingKey)));
  assert.equal(new Set(raced.map((m) => m.id)).size, 1);

  await waitFor('both sent', async () => (await sentAtPlatform(body)) >= 1 && (await sentAtPlatform(racingBody)) >= 1);
  await sleep(1_000);
  assert.equal(await sentAtPlatform(body), 1);
  assert.equal(await sentAtPlatform(racingBody), 1);
  assert.equal(await db.message.count({ where: { contactId, content: { in: [body, racingBody] } } }), 2);
});

test('another reply key is another message; another organization cannot reach the reply', async () => {
  const a = await sendInboxReply(orgId, contactId, { type: 'text', body: 'one' }, randomUUID());
  const b = await sendInboxReply(orgId, contactId, { type: 'text', body: 'one' }, randomUUID());
  assert.notEqual(a.id, b.id);
  const other = await createOrg();
  await assert.rejects(sendInboxReply(other.id, contactId, { type: 'text', body: 'x' }, randomUUID()), { code: 'resource_not_found' });
});
