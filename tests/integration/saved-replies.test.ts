import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import {
  createSavedReply,
  deleteSavedReply,
  fillSavedReplyFor,
  listSavedReplies,
  savedReplyInput,
  updateSavedReply,
} from '@/server/inbox/saved-replies';
import { createOrg, createUser } from '../factories';
import { randomPhone } from '../support/stack';

/** A team's saved replies: shortcuts unique per organization, filled from the contact, never another tenant's. */
let orgId: string;
let userId: string;

before(async () => {
  orgId = (await createOrg()).id;
  userId = (await createUser({ memberships: [{ orgId, role: 'agent' }] })).id;
});

after(async () => {
  await db.$disconnect();
});

test("a saved reply is found by its shortcut's start and filled in for the conversation's contact", async () => {
  const reply = await createSavedReply(
    orgId,
    userId,
    savedReplyInput.parse({ shortcut: ' Refund ', body: 'Hi {{first_name|there}}, your refund is on its way.' }),
  );
  assert.equal(reply.shortcut, 'refund');
  await createSavedReply(orgId, userId, { shortcut: 'hours', body: 'We are open 9 to 5.' });
  assert.deepEqual(
    (await listSavedReplies(orgId, 're')).map((r) => r.shortcut),
    ['refund'],
  );
  assert.deepEqual(
    (await listSavedReplies(orgId)).map((r) => r.shortcut),
    ['hours', 'refund'],
  );

  const contact = await db.contact.create({ data: { id: newId('contact'), orgId, phoneNumber: randomPhone(), name: 'Sara Ali' } });
  assert.equal(await fillSavedReplyFor(orgId, reply.id, contact.id), 'Hi Sara, your refund is on its way.');
});

test('a shortcut is unique in the organization, not across organizations', async () => {
  await createSavedReply(orgId, userId, { shortcut: 'thanks', body: 'Thank you!' });
  await assert.rejects(createSavedReply(orgId, userId, { shortcut: 'thanks', body: 'Again' }), { code: 'invalid_parameter', param: 'shortcut' });
  const other = await createOrg();
  await createSavedReply(other.id, userId, { shortcut: 'thanks', body: 'Elsewhere' });
  const hours = (await listSavedReplies(orgId, 'thanks'))[0]!;
  await assert.rejects(updateSavedReply(orgId, hours.id, { shortcut: 'refund', body: 'x' }), { code: 'invalid_parameter' });
});

test("another organization's saved reply is not found", async () => {
  const other = await createOrg();
  const theirs = await createSavedReply(other.id, userId, { shortcut: 'secret', body: 'Theirs' });
  const contact = await db.contact.create({ data: { id: newId('contact'), orgId, phoneNumber: randomPhone() } });
  await assert.rejects(fillSavedReplyFor(orgId, theirs.id, contact.id), { code: 'resource_not_found' });
  await assert.rejects(updateSavedReply(orgId, theirs.id, { shortcut: 'mine', body: 'x' }), { code: 'resource_not_found' });
  await assert.rejects(deleteSavedReply(orgId, theirs.id), { code: 'resource_not_found' });
  assert.ok(!(await listSavedReplies(orgId)).some((r) => r.id === theirs.id));
});

test('shortcuts are short and plain', () => {
  for (const shortcut of ['', 'has space', '-lead', 'x'.repeat(41), 'émoji']) {
    assert.equal(savedReplyInput.safeParse({ shortcut, body: 'b' }).success, false, shortcut);
  }
});
