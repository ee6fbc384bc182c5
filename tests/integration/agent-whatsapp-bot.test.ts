import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { db } from '@/server/db';
import { idFromKey, newId } from '@/server/db/ids';
import { createAgent, createAgentTenant, createCredential, simKey } from '../agent-factories';
import { createApiKey } from '../api-factories';
import { createConnectedAccount } from '../platform-factories';
import { agent } from '../support/agent-api';
import { messagesApi, sentTo } from '../support/messages-api';
import { randomPhone, simulator } from '../support/stack';
import { sleep, waitFor } from '../support/wait-for';

/**
 * The bot hook (docs/agent-api.md §2.1–2.5) over the real stack: a customer writes to a WhatsApp
 * account bound to a published agent, the worker answers through the agent service and sends
 * the reply through messaging, from the platform simulator's inbound webhook to its accepted
 * sends, with the AI simulator answering.
 */
describe('WhatsApp bot hook', () => {
  let orgId: string;
  let projectId: string;
  let agentKey: string;
  let account: Awaited<ReturnType<typeof createConnectedAccount>>;
  let agentId: string;
  let api: ReturnType<typeof messagesApi>;

  before(async () => {
    const tenant = await createAgentTenant();
    orgId = tenant.org.id;
    projectId = tenant.project.id;
    agentKey = tenant.key;
    account = await createConnectedAccount(orgId);
    await createCredential(projectId, { provider: 'openai', api_key: simKey() });
    agentId = (
      await createAgent(projectId, {
        instructions: 'You help the customers of a shop.',
        model: { id: 'sim/steady' },
        channels: { whatsapp: { accounts: [account.id], coalesce_ms: 1500 } },
      })
    ).id;
    const apiKey = (await createApiKey(orgId)).key;
    api = messagesApi(() => apiKey);
  });

  const write = (from: string, text: string) => simulator<{ wamid: string }>('/_sim/inbound', { phone_id: account.phoneId, from, text });
  const contactOf = (phone: string) => waitFor(`contact ${phone}`, () => db.contact.findFirst({ where: { orgId, phoneNumber: phone } }));
  const botMessages = (contactId: string) =>
    db.message.findMany({ where: { contactId, direction: 'outgoing', authorType: 'bot' }, orderBy: { createdAt: 'asc' } });
  const sessionOf = (contactId: string) =>
    db.agentSession.findUnique({ where: { projectId_externalId: { projectId, externalId: `wa:${contactId}` } } });

  test('answers a customer through WhatsApp: verified end user, whatsapp session, typing indicator, a bot message', async () => {
    const phone = randomPhone();
    const { wamid } = await write(phone, 'Where is my order?');
    const contact = await contactOf(phone);
    const [reply] = await waitFor('the bot reply', async () => {
      const rows = await botMessages(contact.id);
      return rows.length > 0 && rows;
    });
    assert.ok(reply);
    assert.equal(reply.type, 'text');
    assert.equal(reply.accountId, account.id);
    assert.equal(reply.authorAgentId, agentId);
    assert.match(reply.content, /Where is my order\?/);
    const run = await db.agentRun.findUniqueOrThrow({ where: { id: reply.authorRunId! } });
    assert.equal(run.status, 'completed');
    assert.equal(reply.id, idFromKey('message', `run_${run.id}:0`));

    const session = await sessionOf(contact.id);
    assert.ok(session);
    assert.equal(session.agentId, agentId);
    assert.equal(session.channel, 'whatsapp');
    assert.equal(session.concurrency, 'queue');
    const endUser = await db.agentEndUser.findUniqueOrThrow({ where: { id: session.endUserId! } });
    assert.equal(endUser.externalId, contact.id);
    assert.equal(endUser.verified, true);
    assert.deepEqual(endUser.traits, { phone, name: contact.name, wa_id: phone.replace(/\D/g, '') });

    // The platform got the reply from the receiving number, and the customer saw "typing…".
    const sent = await waitFor('the reply at the platform', async () => (await sentTo(phone)).find((s) => s.body.type === 'text'));
    assert.equal(sent.body.text.body, reply.content);
    const reads = await simulator<{ data: Array<{ phone_id: string; typing: boolean }> }>(`/_sim/reads?wamid=${encodeURIComponent(wamid)}`);
    assert.deepEqual(
      reads.data.map((r) => [r.phone_id, r.typing]),
      [[account.phoneId, true]],
    );

    // The messaging API says who wrote it.
    const got = await api.getMessage(reply.id);
    assert.equal(got.status, 200);
    assert.equal(got.body.author_type, 'bot');
    assert.deepEqual(got.body.author, { type: 'bot', agent_id: agentId, run_id: run.id });
    const inbound = await db.message.findFirstOrThrow({ where: { wamid } });
    assert.equal((await api.getMessage(inbound.id)).body.author_type, null);
  });

  test('three messages within a second are answered by one run, whose input is all of them', async () => {
    const phone = randomPhone();
    await write(phone, 'Hello');
    await write(phone, 'I ordered a lamp');
    await write(phone, 'Has it shipped?');
    const contact = await contactOf(phone);
    await waitFor('the bot reply', async () => (await botMessages(contact.id)).length > 0);
    await sleep(2_500);
    const replies = await botMessages(contact.id);
    assert.equal(replies.length, 1, JSON.stringify(replies.map((r) => r.content)));
    const session = (await sessionOf(contact.id))!;
    const runs = await db.agentRun.findMany({ where: { sessionId: session.id } });
    assert.equal(runs.length, 1);
    // In the order the hook took them (webhooks of one second are processed side by side).
    const texts = ['Has it shipped?', 'Hello', 'I ordered a lamp'];
    assert.deepEqual(runs[0]!.input.split('\n').sort(), texts);
    const userMessages = await db.agentMessage.findMany({ where: { sessionId: session.id, role: 'user' }, orderBy: { createdAt: 'asc' } });
    assert.deepEqual(userMessages.map((m) => m.text).sort(), texts);
    assert.ok(userMessages.every((m) => m.runId === runs[0]!.id));
    assert.equal(runs[0]!.inputMessageId, userMessages.at(-1)!.id);
  });

  test('a reply longer than 4,096 characters goes out in parts, each with its own idempotency key', async () => {
    const phone = randomPhone();
    await write(phone, '[[sim:tokens=1500]] tell me everything');
    const contact = await contactOf(phone);
    const parts = await waitFor('the reply in parts', async () => {
      const rows = await botMessages(contact.id);
      return rows.length >= 2 && rows;
    });
    for (const part of parts) assert.ok(part.content.length <= 4096);
    const runId = parts[0]!.authorRunId!;
    const run = await db.agentRun.findUniqueOrThrow({ where: { id: runId } });
    assert.ok(run.outputText!.length > 4096);
    const all = await botMessages(contact.id);
    assert.ok(all.length >= Math.ceil(run.outputText!.length / 4096));
    assert.deepEqual(
      all.map((p) => p.id),
      all.map((_, part) => idFromKey('message', `run_${runId}:${part}`)),
    );
    const squeezed = (text: string) => text.replace(/\s+/g, '');
    assert.equal(squeezed(all.map((p) => p.content).join('')), squeezed(run.outputText!));
    // The simulator lists a recipient's sends newest first.
    const sent = await waitFor('every part sent', async () => {
      const requests = await sentTo(phone);
      return requests.length === all.length && requests.reverse();
    });
    assert.deepEqual(
      sent.map((request) => request.body.biz_opaque_callback_data),
      all.map((p) => p.id),
    );
  });

  test('a reply in parts goes out in order: a part is sent only once the platform has answered for the one before', async () => {
    const phone = randomPhone();
    // The platform takes the first part but never answers for it.
    await simulator('/_sim/hold', { to: phone, accepted: true });
    await write(phone, '[[sim:tokens=1500]] tell me everything');
    const contact = await contactOf(phone);
    const parts = await waitFor('the reply in parts', async () => {
      const rows = await botMessages(contact.id);
      return rows.length >= 2 && rows;
    });
    await waitFor('the first part in flight', async () => (await sentTo(phone)).length > 0);
    await sleep(1_500);
    assert.deepEqual(
      (await sentTo(phone)).map((request) => request.body.biz_opaque_callback_data),
      [parts[0]!.id],
    );
  });

  test('a customer answering a bot_reply: false template, or writing while it is the latest message, is left to people', async () => {
    const phone = randomPhone();
    await write(phone, 'first');
    const contact = await contactOf(phone);
    await waitFor('the first answer', async () => (await botMessages(contact.id)).length === 1);
    // A template sent with bot_reply: false (stored as messaging stores it) is now the latest outgoing message.
    await db.message.create({
      data: {
        id: newId('message'),
        orgId,
        contactId: contact.id,
        accountId: account.id,
        direction: 'outgoing',
        type: 'template',
        status: 'delivered',
        content: 'Your order shipped. Questions? Reply here.',
        templateName: 'order_update',
        botReply: false,
        authorType: 'api',
      },
    });
    await write(phone, 'thanks, when will it arrive?');
    await waitFor('the message stored', () =>
      db.message.findFirst({ where: { contactId: contact.id, content: 'thanks, when will it arrive?' } }),
    );
    await sleep(3_000);
    assert.equal((await botMessages(contact.id)).length, 1);
    const session = (await sessionOf(contact.id))!;
    assert.equal(await db.agentRun.count({ where: { sessionId: session.id } }), 1);
  });

  test('an account bound to no agent, or an agent of a paused project, gets no answer', async () => {
    const unbound = await createConnectedAccount(orgId, { name: 'unbound', isDefaultOutgoing: false });
    const phone = randomPhone();
    await simulator('/_sim/inbound', { phone_id: unbound.phoneId, from: phone, text: 'anyone there?' });
    const contact = await contactOf(phone);

    const paused = await createAgentTenant();
    const pausedAccount = await createConnectedAccount(paused.org.id);
    await createCredential(paused.project.id, { provider: 'openai', api_key: simKey() });
    await createAgent(paused.project.id, {
      model: { id: 'sim/steady' },
      channels: { whatsapp: { accounts: [pausedAccount.id], coalesce_ms: 0 } },
    });
    await db.agentProject.update({ where: { id: paused.project.id }, data: { aiPaused: true } });
    const pausedPhone = randomPhone();
    await simulator('/_sim/inbound', { phone_id: pausedAccount.phoneId, from: pausedPhone, text: 'hello?' });
    const pausedContact = await waitFor('the paused contact', () =>
      db.contact.findFirst({ where: { orgId: paused.org.id, phoneNumber: pausedPhone } }),
    );

    await sleep(3_000);
    assert.equal(await db.message.count({ where: { contactId: { in: [contact.id, pausedContact.id] }, direction: 'outgoing' } }), 0);
    assert.equal(await db.agentSession.count({ where: { projectId: paused.project.id } }), 0);
    assert.equal(await sessionOf(contact.id), null);
    // The hook runs for the bound account (and stops, its project paused); the unbound one's message gets no job at all.
    const hookJobs = async (contactId: string) => {
      const inbound = await db.message.findFirstOrThrow({ where: { contactId, direction: 'incoming' }, select: { id: true } });
      return db.outboxJob.count({ where: { jobId: `agent-inbound-${inbound.id}` } });
    };
    assert.equal(await hookJobs(contact.id), 0);
    assert.equal(await hookJobs(pausedContact.id), 1);
  });

  test('a person replying while the agent is answering takes over: the run is cancelled, its reply dropped, the bot silent after', async () => {
    const phone = randomPhone();
    await write(phone, '[[sim:token_ms=250]] please tell me everything about the lamp I ordered last week and when it ships');
    const contact = await contactOf(phone);
    const session = await waitFor('the session', () => sessionOf(contact.id));
    const run = await waitFor('the run answering', () =>
      db.agentRun.findFirst({ where: { sessionId: session.id, status: 'in_progress', leaseUntil: { not: null } } }),
    );
    const human = await api.send({ contact_id: contact.id, type: 'text', text: { body: 'Hi, Sam here from the shop: let me check.' } });
    assert.equal(human.status, 201, JSON.stringify(human.body));
    assert.equal(human.body.author_type, 'api');
    const ended = await waitFor(
      'the run to end',
      async () => {
        const row = await db.agentRun.findUniqueOrThrow({ where: { id: run.id } });
        return row.completedAt && row;
      },
      20_000,
    );
    assert.equal(ended.status, 'cancelled');
    // The person took over: a handoff opened by the takeover, and the bot stays silent after.
    const handoff = await waitFor('the takeover handoff', () => db.agentHandoff.findFirst({ where: { sessionId: session.id } }));
    assert.equal(handoff.openedBy, 'takeover');
    assert.equal(handoff.status, 'open');
    await write(phone, 'ok, thank you');
    await waitFor('the message stored for staff', () => db.agentMessage.findFirst({ where: { sessionId: session.id, text: 'ok, thank you' } }));
    await sleep(2_500);
    assert.equal((await botMessages(contact.id)).length, 0);
    assert.equal(await db.agentRun.count({ where: { sessionId: session.id } }), 1);
    const runView = await agent(`/v1/runs/${run.id}`, { key: agentKey });
    assert.equal(runView.body.status, 'cancelled');
  });

  test('publishing a second agent bound to the same account is refused', async () => {
    const second = await createAgent(
      projectId,
      { model: { id: 'sim/steady' }, channels: { whatsapp: { accounts: [account.id] } } },
      { published: false },
    );
    const res = await agent(`/v1/agents/${second.id}/publish`, { key: agentKey, method: 'POST' });
    assert.equal(res.status, 422, JSON.stringify(res.body));
    assert.equal(res.body.error.code, 'validation_failed');
    assert.equal(res.body.error.param, '/channels/whatsapp/accounts');
  });
});
