import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setConversationStatus, wakeSnoozedConversations } from '@/server/conversations/conversation-status';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { getInboxConversation } from '@/server/inbox/get-inbox-conversation';
import { countInboxConversations, listInboxConversations } from '@/server/inbox/list-inbox-conversations';
import { createOrg, createUser } from '../factories';
import { createConnectedAccount } from '../platform-factories';
import { randomPhone, simulator } from '../support/stack';
import { waitFor } from '../support/wait-for';

/**
 * The shared inbox's conversation state: open, snoozed until a time (open again at that time
 * or on the customer's next message) and resolved (reopened by the customer's next message),
 * with the filters and counts an agent's view is built from.
 */
let orgId: string;
let account: { id: string; phoneId: string };
let agent: string;
let colleague: string;

before(async () => {
  orgId = (await createOrg()).id;
  account = await createConnectedAccount(orgId);
  agent = (await createUser({ memberships: [{ orgId, role: 'agent' }] })).id;
  colleague = (await createUser({ memberships: [{ orgId, role: 'agent' }] })).id;
});

after(async () => {
  await db.$disconnect();
});

async function conversation(options: { assignedUserId?: string } = {}) {
  return db.contact.create({
    data: {
      id: newId('contact'),
      orgId,
      accountId: account.id,
      phoneNumber: randomPhone(),
      name: 'Customer',
      lastMessageAt: new Date(),
      lastMessagePreview: 'hello',
      assignedUserId: options.assignedUserId ?? null,
    },
  });
}

const statusOf = async (contactId: string) => (await getInboxConversation(orgId, contactId)).status;
const idsOf = async (options: Partial<Parameters<typeof listInboxConversations>[1]>) =>
  (await listInboxConversations(orgId, { userId: agent, filter: 'all', limit: 100, ...options })).data.map((c) => c.contactId);

describe('conversation status', () => {
  test('a new conversation is open; it can be resolved, reopened and snoozed', async () => {
    const { id } = await conversation();
    assert.equal(await statusOf(id), 'open');
    await setConversationStatus(orgId, id, { status: 'resolved' });
    assert.equal(await statusOf(id), 'resolved');
    await setConversationStatus(orgId, id, { status: 'open' });
    assert.equal(await statusOf(id), 'open');
    const until = new Date(Date.now() + 3600_000);
    await setConversationStatus(orgId, id, { status: 'snoozed', until });
    const snoozed = await getInboxConversation(orgId, id);
    assert.deepEqual([snoozed.status, snoozed.snoozedUntil?.getTime()], ['snoozed', until.getTime()]);
  });

  test("a snooze must end in the future and within a year; another tenant's conversation is not found", async () => {
    const { id } = await conversation();
    await assert.rejects(setConversationStatus(orgId, id, { status: 'snoozed', until: new Date(Date.now() - 1000) }), {
      code: 'invalid_parameter',
      param: 'until',
    });
    await assert.rejects(setConversationStatus(orgId, id, { status: 'snoozed', until: new Date(Date.now() + 400 * 24 * 3600_000) }), {
      code: 'invalid_parameter',
      param: 'until',
    });
    const other = await createOrg();
    await assert.rejects(setConversationStatus(other.id, id, { status: 'resolved' }), { code: 'resource_not_found' });
  });

  test('a snooze whose time has come is open at once, and the sweep writes it back', async () => {
    const { id } = await conversation();
    await setConversationStatus(orgId, id, { status: 'snoozed', until: new Date(Date.now() + 300) });
    assert.ok((await idsOf({ status: 'snoozed' })).includes(id));
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.equal(await statusOf(id), 'open', 'open before the sweep runs');
    assert.ok((await idsOf({ status: 'open' })).includes(id));
    assert.ok(!(await idsOf({ status: 'snoozed' })).includes(id));
    assert.ok((await wakeSnoozedConversations()) >= 1);
    const row = await db.contact.findUniqueOrThrow({ where: { id } });
    assert.deepEqual([row.conversationStatus, row.snoozedUntil], ['open', null]);
  });

  for (const from of ['resolved', 'snoozed'] as const) {
    test(`the customer's next message reopens a ${from} conversation`, async () => {
      const phone = randomPhone();
      await simulator('/_sim/inbound', { phone_id: account.phoneId, from: phone, text: 'first' });
      const contact = await waitFor('the first message stored', () => db.contact.findFirst({ where: { orgId, phoneNumber: phone } }));
      await setConversationStatus(
        orgId,
        contact.id,
        from === 'resolved' ? { status: 'resolved' } : { status: 'snoozed', until: new Date(Date.now() + 3600_000) },
      );
      assert.equal(await statusOf(contact.id), from);
      await simulator('/_sim/inbound', { phone_id: account.phoneId, from: phone, text: 'me again' });
      await waitFor('the conversation open again', async () => (await statusOf(contact.id)) === 'open');
    });
  }
});

describe("the agent's view", () => {
  test('"mine and unassigned" leaves out colleagues\' conversations; counts follow the filters', async () => {
    const mine = await conversation({ assignedUserId: agent });
    const unassigned = await conversation();
    const theirs = await conversation({ assignedUserId: colleague });
    const resolved = await conversation({ assignedUserId: agent });
    await setConversationStatus(orgId, resolved.id, { status: 'resolved' });

    const view = await idsOf({ filter: 'mine_or_unassigned', status: 'open' });
    assert.ok(view.includes(mine.id) && view.includes(unassigned.id));
    assert.ok(!view.includes(theirs.id) && !view.includes(resolved.id));

    const everything = await countInboxConversations(orgId, { userId: agent, filter: 'all' });
    const agentsView = await countInboxConversations(orgId, { userId: agent, filter: 'mine_or_unassigned' });
    const listed = async (status: 'open' | 'snoozed' | 'resolved', filter: 'all' | 'mine_or_unassigned') =>
      (await idsOf({ status, filter })).length;
    for (const status of ['open', 'snoozed', 'resolved'] as const) {
      assert.equal(everything[status], await listed(status, 'all'), `${status}: the count is what the list shows`);
      assert.equal(agentsView[status], await listed(status, 'mine_or_unassigned'));
    }
    assert.ok(everything.open > agentsView.open, "a colleague's conversation counts only in the team's view");
  });
});
