import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { db } from '@/server/db';
import { createOrg, createUser } from '../factories';
import { sessionCookie, trpc } from '../support/dashboard-session';

/**
 * Domain errors reach the dashboard the same way from every router: the contract's status as
 * a tRPC code, the message written for people, and the contract's code for translation.
 */
let cookie: string;
let ownerMembershipId: string;

before(async () => {
  const org = await createOrg();
  const owner = await createUser({ memberships: [{ orgId: org.id, role: 'owner' }] });
  ownerMembershipId = (await db.membership.findFirstOrThrow({ where: { orgId: org.id, userId: owner.id } })).id;
  cookie = await sessionCookie(owner);
});

after(async () => {
  await db.$disconnect();
});

test('not found (an API error) is NOT_FOUND with the contract code', async () => {
  const answer = await trpc(cookie, 'mutation', 'inbox.resolve', { contactId: 'ct_nope' });
  assert.equal(answer.status, 404);
  assert.deepEqual([answer.error?.data.code, (answer.error?.data as { appCode?: string }).appCode], ['NOT_FOUND', 'resource_not_found']);
  assert.equal(answer.error?.message, 'No such conversation.');
});

test('a refused value (422 in the contract) is BAD_REQUEST with its code and field message', async () => {
  await trpc(cookie, 'mutation', 'inbox.createSavedReply', { shortcut: 'same', body: 'one' });
  const answer = await trpc(cookie, 'mutation', 'inbox.createSavedReply', { shortcut: 'same', body: 'two' });
  assert.equal(answer.status, 400);
  assert.deepEqual([answer.error?.data.code, (answer.error?.data as { appCode?: string }).appCode], ['BAD_REQUEST', 'invalid_parameter']);
});

test("an organization's rule (removing the last owner) is CONFLICT in settings as in every router", async () => {
  const answer = await trpc(cookie, 'mutation', 'settings.removeMember', { membershipId: ownerMembershipId });
  assert.equal(answer.status, 409);
  assert.equal(answer.error?.data.code, 'CONFLICT');
  assert.match(answer.error?.message ?? '', /at least one owner/);
});
