import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { db } from '@/server/db';
import { closeRedis } from '@/server/redis';
import { wakeSnoozedConversations } from '@/server/conversations/conversation-status';
import { randomPhone, simulator } from '../support/stack';
import { createAgent, createAgentProject, createWhatsAppSession, openHandoffFor } from '../agent-factories';
import { createOrg, createUser, deleteOrgs } from '../factories';
import { createConnectedAccount } from '../platform-factories';
import { sessionCookie, trpc, type TrpcAnswer } from '../support/dashboard-session';
import { waitFor } from '../support/wait-for';

interface EventLine {
  kind: string;
  actorType: string;
  actor: { id: string; name: string | null } | null;
  subject: { id: string; name: string | null } | null;
  detail: Record<string, string>;
}

/**
 * One conversation state (docs/architecture.md, "Conversation state") through the dashboard's
 * tRPC over real HTTP: Resolve ends the AI handoff with the conversation (asking first when a
 * colleague has it), every change leaves a line in the thread naming who did it, and replies
 * from the inbox carry their author.
 */
describe('conversation state', () => {
  let orgId: string;
  let phoneId: string;
  let projectId: string;
  let agentId: string;
  let admin: { id: string; cookie: string };
  let ada: { id: string; cookie: string };
  let ben: { id: string; cookie: string };
  let outsider: string;

  before(async () => {
    orgId = (await createOrg()).id;
    phoneId = (await createConnectedAccount(orgId)).phoneId;
    projectId = (await createAgentProject(orgId)).id;
    agentId = (await createAgent(projectId, { model: { id: 'sim/steady' }, tools: { builtin: ['handoff'] } })).id;
    const person = async (name: string, role: 'admin' | 'agent') => {
      const user = await createUser({ name, memberships: [{ orgId, role }] });
      return { id: user.id, cookie: await sessionCookie(user) };
    };
    admin = await person('Ada Admin', 'admin');
    ada = await person('Ada Agent', 'agent');
    ben = await person('Ben Agent', 'agent');
    outsider = await sessionCookie(await createUser({ memberships: [{ orgId: (await createOrg()).id, role: 'owner' }] }));
  });

  after(async () => {
    await deleteOrgs([orgId]);
    await db.$disconnect();
    closeRedis();
  });

  const customerWrites = async (phone: string, text: string) => {
    const before = await db.message.count({ where: { orgId, contact: { phoneNumber: phone } } });
    await simulator('/_sim/inbound', { phone_id: phoneId, from: phone, text, name: `Customer ${phone.slice(-4)}` });
    await waitFor(
      'the message stored',
      async () => (await db.message.count({ where: { orgId, contact: { phoneNumber: phone } } })) > before || null,
    );
    return db.contact.findFirstOrThrow({ where: { orgId, phoneNumber: phone } });
  };
  const customer = async () => {
    const phone = randomPhone();
    const contact = await customerWrites(phone, 'hello');
    const session = await createWhatsAppSession(projectId, agentId, contact.id);
    return { phone, contactId: contact.id, session };
  };
  const ok = (answer: TrpcAnswer) => {
    assert.equal(answer.status, 200, JSON.stringify(answer.error));
    return answer.data as never;
  };
  const events = async (cookie: string, contactId: string) => ok(await trpc(cookie, 'query', 'inbox.events', { contactId })) as EventLine[];
  const kinds = async (contactId: string) => (await events(ada.cookie, contactId)).map((line) => line.kind);
  const handoffStatus = (id: string) => db.agentHandoff.findUniqueOrThrow({ where: { id } }).then((row) => row.status);
  const conversationStatus = (id: string) => db.contact.findUniqueOrThrow({ where: { id } }).then((row) => row.conversationStatus);

  test('Resolve ends the AI handoff with the conversation: the session closes and the thread says who resolved it', async () => {
    const { contactId, session } = await customer();
    const handoff = await openHandoffFor(session, { reason: 'customer_requested' });
    ok(await trpc(ada.cookie, 'mutation', 'inbox.claimHandoff', { handoffId: handoff.id }));
    ok(await trpc(ada.cookie, 'mutation', 'inbox.resolve', { contactId }));
    assert.equal(await handoffStatus(handoff.id), 'resolved');
    assert.equal(await conversationStatus(contactId), 'resolved');
    assert.equal((await db.agentSession.findUniqueOrThrow({ where: { id: session.id } })).status, 'closed');
    assert.deepEqual(ok(await trpc(ada.cookie, 'query', 'inbox.handoff', { contactId })), { state: 'ai', sessionStatus: 'closed' });
    const lines = await events(ben.cookie, contactId);
    assert.deepEqual(
      lines.map((line) => [line.kind, line.actorType, line.actor?.name ?? null, line.subject?.name ?? null]),
      [
        ['handoff_opened', 'ai', null, null],
        ['assigned', 'member', 'Ada Agent', 'Ada Agent'],
        ['resolved', 'member', 'Ada Agent', null],
      ],
    );
    assert.deepEqual(lines[0]!.detail, { reason: 'customer_requested', opened_by: 'model' });
  });

  test("resolving a conversation a colleague holds is refused until confirmed; confirmed, it ends the colleague's handoff", async () => {
    const { contactId, session } = await customer();
    const handoff = await openHandoffFor(session, { reason: 'refund' });
    ok(await trpc(ada.cookie, 'mutation', 'inbox.claimHandoff', { handoffId: handoff.id }));
    const refused = await trpc(ben.cookie, 'mutation', 'inbox.resolve', { contactId });
    assert.equal(refused.status, 409);
    assert.equal((refused.error?.data as { appCode?: string }).appCode, 'handoff_already_assigned');
    assert.equal(await handoffStatus(handoff.id), 'assigned');
    assert.equal(await conversationStatus(contactId), 'open');

    ok(await trpc(ben.cookie, 'mutation', 'inbox.resolve', { contactId, confirmed: true }));
    assert.equal(await handoffStatus(handoff.id), 'resolved');
    assert.equal(await conversationStatus(contactId), 'resolved');
    // Another organization's member cannot resolve it, confirmed or not.
    assert.equal((await trpc(outsider, 'mutation', 'inbox.resolve', { contactId, confirmed: true })).status, 404);
  });

  test('the thread names who assigned, took over, returned to the AI, snoozed, reopened; a customer and a snooze ending reopen it too', async () => {
    const { phone, contactId, session } = await customer();
    ok(await trpc(ada.cookie, 'mutation', 'inbox.assign', { contactId, assigneeId: ben.id }));
    ok(await trpc(ada.cookie, 'mutation', 'inbox.assign', { contactId, assigneeId: ben.id })); // no change, no line
    ok(await trpc(ada.cookie, 'mutation', 'inbox.assign', { contactId, assigneeId: null }));
    const handoff = await openHandoffFor(session, { reason: 'billing_dispute' });
    ok(await trpc(ada.cookie, 'mutation', 'inbox.claimHandoff', { handoffId: handoff.id }));
    ok(await trpc(admin.cookie, 'mutation', 'inbox.claimHandoff', { handoffId: handoff.id, force: true }));
    ok(await trpc(admin.cookie, 'mutation', 'inbox.releaseHandoff', { handoffId: handoff.id }));
    ok(
      await trpc(ada.cookie, 'mutation', 'inbox.setStatus', {
        contactId,
        change: { status: 'snoozed', until: new Date(Date.now() + 3_600_000) },
      }),
    );
    ok(await trpc(ada.cookie, 'mutation', 'inbox.setStatus', { contactId, change: { status: 'open' } }));
    ok(await trpc(ada.cookie, 'mutation', 'inbox.setStatus', { contactId, change: { status: 'open' } })); // already open: no line
    ok(await trpc(ada.cookie, 'mutation', 'inbox.resolve', { contactId }));
    await customerWrites(phone, 'one more thing');
    await db.contact.update({ where: { id: contactId }, data: { conversationStatus: 'snoozed', snoozedUntil: new Date(Date.now() - 1000) } });
    await wakeSnoozedConversations();

    const lines = await events(ada.cookie, contactId);
    assert.deepEqual(
      lines.map((line) => [line.kind, line.actorType, line.actor?.name ?? null, line.subject?.name ?? null]),
      [
        ['assigned', 'member', 'Ada Agent', 'Ben Agent'],
        ['unassigned', 'member', 'Ada Agent', 'Ben Agent'],
        ['handoff_opened', 'ai', null, null],
        ['assigned', 'member', 'Ada Agent', 'Ada Agent'],
        ['taken_over', 'member', 'Ada Admin', 'Ada Agent'],
        ['returned_to_ai', 'member', 'Ada Admin', null],
        ['snoozed', 'member', 'Ada Agent', null],
        ['reopened', 'member', 'Ada Agent', null],
        ['resolved', 'member', 'Ada Agent', null],
        ['reopened', 'customer', null, null],
        ['reopened', 'system', null, null],
      ],
    );
    assert.ok(lines[6]!.detail.until, 'a snooze says until when');
    assert.equal(lines[10]!.detail.reason, 'snooze_ended');
    // Another organization's member sees no thread at all.
    assert.equal((await trpc(outsider, 'query', 'inbox.events', { contactId })).status, 404);
  });

  test("a member's reply takes over from the AI and carries its author's name in the thread", async () => {
    const { contactId } = await customer();
    ok(await trpc(ben.cookie, 'mutation', 'inbox.reply', { contactId, reply: { type: 'text', body: 'Hi, Ben here.' } }));
    const page = ok(await trpc(ada.cookie, 'query', 'inbox.messages', { contactId })) as {
      data: Array<{ content: string; authorType: string | null; authorName: string | null }>;
    };
    const reply = page.data.find((message) => message.content === 'Hi, Ben here.');
    assert.deepEqual([reply?.authorType, reply?.authorName], ['member', 'Ben Agent']);
    await waitFor('the takeover line', async () => ((await kinds(contactId)).includes('taken_over') ? true : null));
    const line = (await events(ada.cookie, contactId)).find((event) => event.kind === 'taken_over')!;
    assert.deepEqual([line.actor?.name, line.subject], ['Ben Agent', null]);
  });
});
