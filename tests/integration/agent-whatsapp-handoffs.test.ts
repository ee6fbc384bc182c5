import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { db } from '@/server/db';
import { getRedis } from '@/server/redis';
import { conversationsKey } from '@/server/agent/usage/ai-usage-limits';
import { createAgent, createAgentTenant, createCredential, simKey } from '../agent-factories';
import { createUser } from '../factories';
import { createConnectedAccount } from '../platform-factories';
import { agent } from '../support/agent-api';
import { randomPhone, simulator } from '../support/stack';
import { waitFor } from '../support/wait-for';

const FALLBACK = "Sorry, I can't help with that here. A member of our team will reply shortly.";

/**
 * WhatsApp customers are never left without an answer or a person (docs/agent-api.md §1.7, §1.8,
 * §2.7): a run that fails at the provider sends the fallback message and hands over; a reached
 * monthly quota hands over with the escalation reply and no run; a conversation whose customer
 * has waited over 2 minutes with no reply, owner or handoff is handed over by the reconciler.
 * Over the real stack: platform simulator inbound, worker, AI simulator.
 */
describe('WhatsApp handoffs the customer never waits on', () => {
  let orgId: string;
  let projectId: string;
  let key: string;
  let account: Awaited<ReturnType<typeof createConnectedAccount>>;

  before(async () => {
    const tenant = await createAgentTenant({ aiPlan: 'starter' });
    orgId = tenant.org.id;
    projectId = tenant.project.id;
    key = tenant.key;
    account = await createConnectedAccount(orgId);
    await createCredential(projectId, { provider: 'openai', api_key: simKey() });
    await createAgent(projectId, {
      model: { id: 'sim/steady' },
      handoff: { escalation_reply: { en: 'Connecting you with our team.', ar: 'نوصلك بفريقنا.' } },
      channels: { whatsapp: { accounts: [account.id], coalesce_ms: 0 } },
    });
  });

  const write = (from: string, text: string) => simulator('/_sim/inbound', { phone_id: account.phoneId, from, text });
  const contactOf = (phone: string) => waitFor(`contact ${phone}`, () => db.contact.findFirst({ where: { orgId, phoneNumber: phone } }));
  const outgoing = (contactId: string) =>
    db.message.findMany({
      where: { contactId, direction: 'outgoing' },
      orderBy: { createdAt: 'asc' },
      select: { content: true, authorType: true },
    });
  const handoffOf = (contactId: string) =>
    waitFor(`a handoff for ${contactId}`, () =>
      db.agentHandoff.findFirst({ where: { session: { projectId, externalId: `wa:${contactId}` }, status: { in: ['open', 'assigned'] } } }),
    );

  test('a run failing at the provider: the fallback message reaches the customer and staff get the conversation', async () => {
    const phone = randomPhone();
    await write(phone, 'Hello [[sim:overloaded]]');
    const contact = await contactOf(phone);
    const handoff = await handoffOf(contact.id);
    assert.equal(handoff.openedBy, 'run_failed');
    assert.match(handoff.reason, /^provider_/);
    const run = await db.agentRun.findUniqueOrThrow({ where: { id: handoff.runId! } });
    assert.equal(run.status, 'failed');
    const sent = await waitFor('the fallback message', async () => {
      const rows = await outgoing(contact.id);
      return rows.length > 0 && rows;
    });
    assert.deepEqual(sent, [{ content: FALLBACK, authorType: 'bot' }]);
  });

  test('the monthly quota reached: no run, the escalation reply, a handoff', async () => {
    const phone = randomPhone();
    await write(phone, 'First message');
    const contact = await contactOf(phone);
    await waitFor('the first reply', async () => (await outgoing(contact.id)).length === 1);
    // A new month's first message would be a new conversation; here the quota is used up now.
    await db.agentRun.updateMany({ where: { session: { externalId: `wa:${contact.id}` } }, data: { createdAt: new Date('2026-01-01') } });
    await getRedis().set(conversationsKey(orgId), 1_000);
    try {
      await write(phone, 'Second message');
      const handoff = await handoffOf(contact.id);
      assert.equal(handoff.openedBy, 'quota');
      assert.equal(handoff.reason, 'quota_exceeded');
      await waitFor('the escalation reply', async () => (await outgoing(contact.id)).at(-1)?.content === 'Connecting you with our team.');
      assert.equal(
        await db.agentRun.count({ where: { session: { externalId: `wa:${contact.id}` }, createdAt: { gt: new Date('2026-02-01') } } }),
        0,
      );
    } finally {
      await getRedis().del(conversationsKey(orgId));
    }
  });

  test('a handoff expires when the customer’s 24-hour window closes, and the AI answers their next message', async () => {
    const phone = randomPhone();
    await write(phone, 'Hi');
    const contact = await contactOf(phone);
    await waitFor('the reply', async () => (await outgoing(contact.id)).length === 1);
    const session = await db.agentSession.findFirstOrThrow({ where: { projectId, externalId: `wa:${contact.id}` } });
    const opened = await agent(`/v1/sessions/${session.id}/handoff`, { key, body: {} });
    assert.equal(opened.status, 201);
    await db.contact.update({ where: { id: contact.id }, data: { lastInboundAt: new Date(Date.now() - 25 * 3_600_000) } });
    const ended = await waitFor(
      'the window to close it',
      () => db.agentHandoff.findFirst({ where: { id: opened.body.id, status: 'expired' } }),
      25_000,
    );
    assert.ok(ended.endedAt);
    await write(phone, 'Back again');
    await waitFor(
      'the AI again',
      async () => (await outgoing(contact.id)).at(-1)?.authorType === 'bot' && (await outgoing(contact.id)).length === 3,
    );
  });

  test('a customer waiting over 2 minutes with nobody on it is handed over by the reconciler, with the fallback message', async () => {
    const phone = randomPhone();
    await write(phone, 'Hi');
    const contact = await contactOf(phone);
    await waitFor('the reply', async () => (await outgoing(contact.id)).length === 1);
    // The customer wrote again 3 minutes ago and nothing answered (a job lost, a worker gone).
    const threeMinutesAgo = new Date(Date.now() - 3 * 60_000);
    await db.contact.update({ where: { id: contact.id }, data: { lastInboundAt: threeMinutesAgo, lastMessageAt: threeMinutesAgo } });
    const handoff = await waitFor('the reconciler', () => handoffOf(contact.id), 25_000);
    assert.equal(handoff.openedBy, 'unanswered');
    await waitFor('the fallback message', async () => (await outgoing(contact.id)).at(-1)?.content === FALLBACK);

    // One that was answered in time, or that someone owns, is left alone.
    const other = randomPhone();
    await write(other, 'Hello');
    const answered = await contactOf(other);
    await waitFor('the reply', async () => (await outgoing(answered.id)).length === 1);
    const member = await createUser({ memberships: [{ orgId, role: 'agent' }] });
    await db.contact.update({
      where: { id: answered.id },
      data: { lastInboundAt: threeMinutesAgo, lastMessageAt: threeMinutesAgo, assignedUserId: member.id },
    });
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    assert.equal(await db.agentHandoff.count({ where: { session: { externalId: `wa:${answered.id}` } } }), 0, 'a person owns it');
  });
});
