import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { db } from '@/server/db';
import { sessionStreamKey } from '@/server/agent/runs/run-stream';
import { closeRedis, getRedis } from '@/server/redis';
import { appUrl, randomPhone, simulator } from '../support/stack';
import { createAgent, createAgentProject, createWhatsAppSession, openHandoffFor } from '../agent-factories';
import { createOrg, createUser, deleteOrgs } from '../factories';
import { createConnectedAccount } from '../platform-factories';
import { sessionCookie, trpc, type TrpcAnswer } from '../support/dashboard-session';
import { waitFor } from '../support/wait-for';

/**
 * The shared inbox's side of AI handoffs (docs/agent-api.md §1.7, §2.6) through the dashboard's
 * tRPC over real HTTP, PostgreSQL and Redis: the "AI handling" and "Needs human" filters, the
 * thread's handoff (claim with one winner, take over for admins, return to AI, resolve), the
 * inbox's assignee and the handoff's being one field, and the changes reaching open inboxes.
 */
describe('inbox handoffs', () => {
  let orgId: string;
  let phoneId: string;
  let projectId: string;
  let agentId: string;
  let owner: { id: string; cookie: string };
  let members: Array<{ id: string; cookie: string }>;
  let outsider: string;

  before(async () => {
    orgId = (await createOrg()).id;
    phoneId = (await createConnectedAccount(orgId)).phoneId;
    projectId = (await createAgentProject(orgId)).id;
    agentId = (await createAgent(projectId, { model: { id: 'sim/steady' }, tools: { builtin: ['handoff'] } })).id;
    const ownerUser = await createUser({ name: 'Olga Owner', memberships: [{ orgId, role: 'owner' }] });
    owner = { id: ownerUser.id, cookie: await sessionCookie(ownerUser) };
    members = await Promise.all(
      ['Ada', 'Ben', 'Cleo'].map(async (name) => {
        const user = await createUser({ name, memberships: [{ orgId, role: 'agent' }] });
        return { id: user.id, cookie: await sessionCookie(user) };
      }),
    );
    const other = await createOrg();
    outsider = await sessionCookie(await createUser({ memberships: [{ orgId: other.id, role: 'owner' }] }));
  });

  after(async () => {
    await deleteOrgs([orgId]);
    await db.$disconnect();
    closeRedis();
  });

  /** A customer who wrote in (so a conversation in the inbox) and, unless `session: false`, the agent's WhatsApp session with them. */
  const customer = async (options: { session?: boolean } = {}) => {
    const phone = randomPhone();
    await simulator('/_sim/inbound', { phone_id: phoneId, from: phone, text: 'hello', name: `Customer ${phone.slice(-4)}` });
    const contact = await waitFor('the customer stored', () => db.contact.findFirst({ where: { orgId, phoneNumber: phone } }));
    const session = options.session === false ? null : await createWhatsAppSession(projectId, agentId, contact.id);
    return { contactId: contact.id, session };
  };
  const ok = (answer: TrpcAnswer) => {
    assert.equal(answer.status, 200, JSON.stringify(answer.error));
    return answer.data as never;
  };
  const refused = (answer: TrpcAnswer, appCode: string, httpStatus: number) => {
    assert.equal(answer.status, httpStatus, JSON.stringify(answer));
    assert.equal((answer.error?.data as { appCode?: string }).appCode, appCode);
    return answer.error!;
  };
  const listed = async (cookie: string, filter: string) =>
    (ok(await trpc(cookie, 'query', 'inbox.conversations', { filter })) as { data: Array<{ contactId: string }> }).data.map((c) => c.contactId);
  const handoffView = async (cookie: string, contactId: string) =>
    ok(await trpc(cookie, 'query', 'inbox.handoff', { contactId })) as {
      state: 'none' | 'ai' | 'handoff';
      sessionStatus?: string;
      handoff?: { id: string; status: string; reason: string; summary: string | null; assignee: { id: string; name: string } | null };
      can?: { claim: boolean; takeOver: boolean; release: boolean };
    };
  const assignee = async (contactId: string) => (await db.contact.findUniqueOrThrow({ where: { id: contactId } })).assignedUserId;

  test('"AI handling" and "Needs human" hold however many conversations the AI has (40,000 here)', async () => {
    const big = await createOrg();
    const bigProject = await createAgentProject(big.id);
    const bigAgent = await createAgent(bigProject.id, { model: { id: 'sim/steady' } });
    const viewer = await sessionCookie(await createUser({ memberships: [{ orgId: big.id, role: 'agent' }] }));
    await db.$executeRaw`
      INSERT INTO contacts (id, org_id, phone_number, last_message_at, updated_at)
      SELECT ${big.id} || '_ct' || n, ${big.id}, '+1555' || lpad(n::text, 7, '0'), now() - make_interval(secs => n), now()
        FROM generate_series(1, 40000) n`;
    await db.$executeRaw`
      INSERT INTO agent_sessions (id, project_id, agent_id, external_id, contact_id, channel, concurrency)
      SELECT ${big.id} || '_s' || n, ${bigProject.id}, ${bigAgent.id}, 'wa:' || ${big.id} || '_ct' || n, ${big.id} || '_ct' || n, 'whatsapp', 'queue'
        FROM generate_series(1, 40000) n`;
    const handedOver = await db.agentSession.findUniqueOrThrow({ where: { id: `${big.id}_s2` } });
    await openHandoffFor(handedOver, { reason: 'refund request' });

    const ai = (ok(await trpc(viewer, 'query', 'inbox.conversations', { filter: 'ai_handling' })) as { data: Array<{ contactId: string }> }).data;
    assert.deepEqual(
      ai.slice(0, 3).map((c) => c.contactId),
      [`${big.id}_ct1`, `${big.id}_ct3`, `${big.id}_ct4`],
    );
    const human = (ok(await trpc(viewer, 'query', 'inbox.conversations', { filter: 'needs_human' })) as { data: Array<{ contactId: string }> })
      .data;
    assert.deepEqual(
      human.map((c) => c.contactId),
      [`${big.id}_ct2`],
    );
    const counts = ok(await trpc(viewer, 'query', 'inbox.counts', { filter: 'ai_handling' })) as Record<string, number>;
    assert.equal(counts.open, 39_999);
    await deleteOrgs([big.id]);
  });

  test('"AI handling" lists the sessions without an active handoff, "Needs human" the open unclaimed handoffs, "Mine" the member\'s own', async () => {
    const aiHandled = await customer();
    const needsHuman = await customer();
    const claimed = await customer();
    const plain = await customer({ session: false });
    await openHandoffFor(needsHuman.session!, { reason: 'refund request', summary: 'Wants a refund for order 1042.' });
    const second = await openHandoffFor(claimed.session!, { reason: 'complaint' });
    ok(await trpc(members[0]!.cookie, 'mutation', 'inbox.claimHandoff', { handoffId: second.id }));

    const ai = await listed(members[0]!.cookie, 'ai_handling');
    const human = await listed(members[0]!.cookie, 'needs_human');
    const mine = await listed(members[0]!.cookie, 'mine');
    assert.ok(ai.includes(aiHandled.contactId));
    for (const other of [needsHuman, claimed, plain]) assert.ok(!ai.includes(other.contactId));
    assert.deepEqual(human, [needsHuman.contactId]);
    assert.deepEqual(mine, [claimed.contactId]);
    const counts = ok(await trpc(members[0]!.cookie, 'query', 'inbox.counts', { filter: 'needs_human' })) as Record<string, number>;
    assert.deepEqual(counts, { open: 1, snoozed: 0, resolved: 0, capped: false });

    assert.equal((await handoffView(members[0]!.cookie, plain.contactId)).state, 'none');
    assert.deepEqual(await handoffView(members[0]!.cookie, aiHandled.contactId), { state: 'ai', sessionStatus: 'open' });
    const view = await handoffView(members[1]!.cookie, needsHuman.contactId);
    assert.equal(view.state, 'handoff');
    assert.equal(view.handoff!.status, 'open');
    assert.equal(view.handoff!.reason, 'refund request');
    assert.equal(view.handoff!.summary, 'Wants a refund for order 1042.');
    assert.deepEqual(view.can, { claim: true, takeOver: false, release: true });

    // Another organization's member sees neither the conversation nor its handoff.
    assert.equal((await trpc(outsider, 'query', 'inbox.handoff', { contactId: needsHuman.contactId })).status, 404);
    assert.equal((await trpc(outsider, 'mutation', 'inbox.claimHandoff', { handoffId: view.handoff!.id })).status, 404);
    assert.ok(!(await listed(outsider, 'needs_human')).includes(needsHuman.contactId));
  });

  test('members claiming at once: one winner, who becomes the assignee; the others are told who was first; an owner takes over', async () => {
    const { contactId, session } = await customer();
    const handoff = await openHandoffFor(session!, { reason: 'vip' });
    const answers = await Promise.all(members.map((m) => trpc(m.cookie, 'mutation', 'inbox.claimHandoff', { handoffId: handoff.id })));
    const winners = answers.flatMap((answer, i) => (answer.status === 200 ? [members[i]!] : []));
    assert.equal(winners.length, 1, JSON.stringify(answers.map((a) => a.status)));
    for (const answer of answers.filter((a) => a.status !== 200)) {
      const error = refused(answer, 'handoff_already_assigned', 409);
      assert.match(error.message, /Another member claimed the handoff/);
    }
    const winner = winners[0]!;
    const loser = members.find((m) => m.id !== winner.id)!;
    assert.equal(await assignee(contactId), winner.id);
    assert.equal((await db.agentHandoff.findUniqueOrThrow({ where: { id: handoff.id } })).assigneeId, winner.id);

    // A member may not take it over; the view offers it to owners and admins only.
    assert.deepEqual((await handoffView(loser.cookie, contactId)).can, { claim: false, takeOver: false, release: true });
    refused(await trpc(loser.cookie, 'mutation', 'inbox.claimHandoff', { handoffId: handoff.id, force: true }), 'permission_denied', 403);
    const ownerView = await handoffView(owner.cookie, contactId);
    assert.equal(ownerView.can!.takeOver, true);
    assert.equal(ownerView.handoff!.assignee!.id, winner.id);
    ok(await trpc(owner.cookie, 'mutation', 'inbox.claimHandoff', { handoffId: handoff.id, force: true }));
    assert.equal(await assignee(contactId), owner.id);
    assert.equal((await handoffView(winner.cookie, contactId)).handoff!.assignee!.name, 'Olga Owner');
  });

  test('"Return to AI" releases it and unassigns the conversation; resolving the conversation closes the session; an ended handoff says so', async () => {
    const { contactId, session } = await customer();
    const first = await openHandoffFor(session!, { reason: 'order question' });
    ok(await trpc(members[0]!.cookie, 'mutation', 'inbox.claimHandoff', { handoffId: first.id }));
    ok(await trpc(members[0]!.cookie, 'mutation', 'inbox.releaseHandoff', { handoffId: first.id }));
    assert.equal((await db.agentHandoff.findUniqueOrThrow({ where: { id: first.id } })).status, 'released');
    assert.equal(await assignee(contactId), null);
    assert.deepEqual(await handoffView(members[0]!.cookie, contactId), { state: 'ai', sessionStatus: 'open' });
    refused(await trpc(members[1]!.cookie, 'mutation', 'inbox.releaseHandoff', { handoffId: first.id }), 'handoff_not_open', 409);
    refused(await trpc(members[1]!.cookie, 'mutation', 'inbox.claimHandoff', { handoffId: first.id }), 'handoff_not_open', 409);

    const second = await openHandoffFor(session!, { reason: 'again' });
    ok(await trpc(members[1]!.cookie, 'mutation', 'inbox.resolve', { contactId }));
    assert.equal((await db.agentHandoff.findUniqueOrThrow({ where: { id: second.id } })).status, 'resolved');
    assert.equal((await db.agentSession.findUniqueOrThrow({ where: { id: session!.id } })).status, 'closed');
    assert.deepEqual(await handoffView(members[1]!.cookie, contactId), { state: 'ai', sessionStatus: 'closed' });
    const notes = await db.agentMessage.findMany({ where: { sessionId: session!.id, role: 'note' }, orderBy: { createdAt: 'asc' } });
    assert.equal(notes.length, 2);
    assert.match(notes[1]!.text, /and resolved it/);
  });

  test('assigning the conversation in the inbox assigns its active handoff too (one field), and unassigning opens it again', async () => {
    const { contactId, session } = await customer();
    const handoff = await openHandoffFor(session!, { reason: 'shipping' });
    const row = () => db.agentHandoff.findUniqueOrThrow({ where: { id: handoff.id } });
    // What the session's event stream (GET /v1/sessions/{s}/events) says of the handoff's assignee.
    const assignedEvents = async () =>
      (await getRedis().xrange(sessionStreamKey(session!.id), '-', '+'))
        .filter(([, fields]) => fields[1] === 'handoff.assigned')
        .map(([, fields]) => (JSON.parse(fields[3]!) as { assignee: string }).assignee);

    ok(await trpc(members[0]!.cookie, 'mutation', 'inbox.assign', { contactId, assigneeId: members[2]!.id }));
    assert.equal((await row()).status, 'assigned');
    assert.equal((await row()).assigneeId, members[2]!.id);
    assert.equal(await assignee(contactId), members[2]!.id);
    assert.deepEqual(await assignedEvents(), [members[2]!.id], 'handoff.assigned on the session stream');
    assert.deepEqual(await listed(members[2]!.cookie, 'mine'), [contactId]);
    assert.ok(!(await listed(members[2]!.cookie, 'needs_human')).includes(contactId));
    refused(await trpc(members[0]!.cookie, 'mutation', 'inbox.claimHandoff', { handoffId: handoff.id }), 'handoff_already_assigned', 409);

    ok(await trpc(members[0]!.cookie, 'mutation', 'inbox.assign', { contactId, assigneeId: null }));
    assert.equal((await row()).status, 'open');
    assert.equal((await row()).assigneeId, null);
    assert.ok((await listed(members[0]!.cookie, 'needs_human')).includes(contactId));

    // An assignment racing claims still leaves one field: the conversation's assignee is the handoff's.
    await Promise.all([
      trpc(members[0]!.cookie, 'mutation', 'inbox.claimHandoff', { handoffId: handoff.id }),
      trpc(members[1]!.cookie, 'mutation', 'inbox.assign', { contactId, assigneeId: members[1]!.id }),
      trpc(members[2]!.cookie, 'mutation', 'inbox.claimHandoff', { handoffId: handoff.id }),
    ]);
    const settled = await row();
    assert.equal(settled.status, 'assigned');
    assert.equal(await assignee(contactId), settled.assigneeId);

    // With the handoff ended, assigning touches the conversation only.
    ok(await trpc(members[0]!.cookie, 'mutation', 'inbox.releaseHandoff', { handoffId: handoff.id }));
    ok(await trpc(members[0]!.cookie, 'mutation', 'inbox.assign', { contactId, assigneeId: members[0]!.id }));
    assert.equal((await row()).status, 'released');
    assert.equal(await assignee(contactId), members[0]!.id);
  });

  test('opening, claiming and ending a handoff reach the open inboxes of the organization', async () => {
    const { contactId, session } = await customer();
    const live = await listen(members[2]!.cookie);
    try {
      const handoff = await openHandoffFor(session!, { reason: 'live' });
      await live.waitFor(contactId, 'handoff:open');
      ok(await trpc(members[0]!.cookie, 'mutation', 'inbox.claimHandoff', { handoffId: handoff.id }));
      await live.waitFor(contactId, 'assigned');
      live.clear();
      ok(await trpc(members[0]!.cookie, 'mutation', 'inbox.resolve', { contactId }));
      await live.waitFor(contactId, 'assigned');
    } finally {
      live.close();
    }
  });
});

/** Reads the dashboard's live stream (/api/live) as a signed-in browser would, collecting the inbox's changes. */
async function listen(cookie: string) {
  const controller = new AbortController();
  const res = await fetch(`${appUrl}/api/live`, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal });
  assert.equal(res.status, 200);
  let seen: Array<{ contact_id?: string; change?: string }> = [];
  let buffer = '';
  let connected = false;
  const reader = res.body!.getReader();
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) {
          if (line === ': connected') connected = true;
          if (!line.startsWith('data:')) continue;
          try {
            seen.push((JSON.parse(line.slice(5)) as { payload?: { contact_id?: string; change?: string } }).payload ?? {});
          } catch {
            // not an inbox change
          }
        }
      }
    } catch {
      // aborted
    }
  })();
  // The server says `: connected` once Redis confirmed its subscription: nothing published after it is missed.
  await waitFor('the live stream subscribed', async () => connected);
  return {
    waitFor: (contactId: string, change: string) =>
      waitFor(`live ${change} for ${contactId}`, async () => seen.some((p) => p.contact_id === contactId && p.change === change)),
    clear: () => {
      seen = [];
    },
    close: () => controller.abort(),
  };
}
