import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fetch as undiciFetch } from 'undici';
import { db } from '@/server/db';
import { mintClientToken } from '@/server/agent/access/client-token';
import { closeRedis } from '@/server/redis';
import { createApiKey } from '../api-factories';
import { createAgent, createAgentKey, createAgentProject, createCredential, openHandoffFor, sseEvents } from '../agent-factories';
import { createOrg, createUser, deleteOrgs } from '../factories';
import { agent, assertAgentError, type AgentCall } from '../support/agent-api';
import { sessionCookie, trpc, type TrpcAnswer } from '../support/dashboard-session';
import { v1Caller } from '../support/messages-api';
import { appUrl } from '../support/stack';
import { waitFor } from '../support/wait-for';

const ORIGIN = 'https://shop.example.com';

/**
 * One inbox for every channel (docs/agent-api.md §2.6), over real HTTP, PostgreSQL, Redis and the
 * worker: a website visitor's widget session is a conversation of the dashboard inbox (channel
 * `widget`), its handoff is in "Needs human", a member's reply from the inbox reaches the widget's
 * event stream, the email the visitor leaves is shown, and the messaging API (/v1 conversations
 * and contacts) still lists WhatsApp contacts only.
 */
describe('widget conversations in the inbox', () => {
  let orgId: string;
  let projectId: string;
  let publishable: string;
  let member: { id: string; cookie: string };
  let outsider: string;
  let v1: ReturnType<typeof v1Caller>;

  before(async () => {
    orgId = (await createOrg()).id;
    projectId = (await createAgentProject(orgId)).id;
    await createCredential(projectId);
    await createAgent(projectId, { model: { id: 'openai/gpt-4.1-mini' }, channels: { widget: { enabled: true, ask_email_after_seconds: 5 } } });
    publishable = (await createAgentKey(projectId, { type: 'publishable', allowedOrigins: [ORIGIN] })).key;
    const user = await createUser({ name: 'Ada Agent', memberships: [{ orgId, role: 'agent' }] });
    member = { id: user.id, cookie: await sessionCookie(user) };
    const other = await createOrg();
    outsider = await sessionCookie(await createUser({ memberships: [{ orgId: other.id, role: 'owner' }] }));
    const key = await createApiKey(orgId);
    await db.apiKey.update({ where: { id: key.id }, data: { allowedCidrs: [] } });
    v1 = v1Caller(key.key);
  });

  after(async () => {
    await deleteOrgs([orgId]);
    await db.$disconnect();
    closeRedis();
  });

  const browser = (path: string, key: string, call: AgentCall = {}) =>
    agent(path, { key, ...call, headers: { origin: ORIGIN, ...call.headers } });
  const ok = (answer: TrpcAnswer) => {
    assert.equal(answer.status, 200, JSON.stringify(answer.error));
    return answer.data as never;
  };
  /** A visitor who opened the widget and wrote `text`, once the AI answered: their token, session and inbox conversation. */
  const visitor = async (text = 'Hello, I need help with my order') => {
    const minted = await browser('/v1/widget/token', publishable, { body: {} });
    assert.equal(minted.status, 201, JSON.stringify(minted.body));
    const token = minted.body.token as string;
    const session = await browser('/v1/widget/sessions', token, { body: {} });
    assert.equal(session.status, 201, JSON.stringify(session.body));
    const sent = await browser(`/v1/sessions/${session.body.id}/messages`, token, { body: { input: text } });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    await waitFor('the AI to answer', () => db.agentRun.findFirst({ where: { id: sent.body.run.id, completedAt: { not: null } } }), 20_000);
    const row = await db.agentSession.findUniqueOrThrow({ where: { id: session.body.id } });
    assert.ok(row.contactId, 'the widget session has its inbox conversation');
    return { token, endUserId: minted.body.end_user_id as string, session: row, contactId: row.contactId };
  };
  const listed = async (input: Record<string, unknown>) =>
    (ok(await trpc(member.cookie, 'query', 'inbox.conversations', input)) as { data: Array<Record<string, unknown>> }).data;

  test('a widget session is a conversation of channel widget: listed with its last message, filtered by channel, its thread the session history', async () => {
    const { contactId } = await visitor('Where is my parcel?');
    const contact = await db.contact.findUniqueOrThrow({ where: { id: contactId } });
    assert.equal(contact.channel, 'widget');
    assert.equal(contact.phoneNumber, null);

    const widget = await listed({ filter: 'all', channel: 'widget' });
    const item = widget.find((c) => c.contactId === contactId);
    assert.ok(item, 'listed under the Website channel');
    assert.equal(item.channel, 'widget');
    assert.equal(item.phoneNumber, null);
    assert.equal(item.windowOpenUntil, null);
    assert.ok(typeof item.lastMessage === 'string' && item.lastMessage.length > 0);
    assert.ok(!(await listed({ filter: 'all', channel: 'whatsapp' })).some((c) => c.contactId === contactId));
    assert.ok(
      (await listed({ filter: 'all' })).some((c) => c.contactId === contactId),
      'both channels by default',
    );
    assert.ok(
      (await listed({ filter: 'ai_handling' })).some((c) => c.contactId === contactId),
      'the AI handles it',
    );

    const thread = ok(await trpc(member.cookie, 'query', 'inbox.messages', { contactId })) as {
      data: Array<{ direction: string; content: string; authorType: string | null }>;
    };
    const oldestFirst = [...thread.data].reverse();
    assert.deepEqual(
      oldestFirst.map((m) => [m.direction, m.authorType]),
      [
        ['incoming', null],
        ['outgoing', 'bot'],
      ],
    );
    assert.equal(oldestFirst[0]!.content, 'Where is my parcel?');
  });

  test('its handoff is in Needs human; a reply from the inbox claims it, reaches the widget live and shows with its author', async () => {
    const { token, endUserId, session, contactId } = await visitor('Can I talk to a person?');
    await openHandoffFor(session, { reason: 'customer asked for a person' });
    assert.ok(
      (await listed({ filter: 'needs_human' })).some((c) => c.contactId === contactId),
      'in Needs human',
    );
    const view = ok(await trpc(member.cookie, 'query', 'inbox.handoff', { contactId })) as { state: string; can: { claim: boolean } };
    assert.equal(view.state, 'handoff');
    assert.equal(view.can.claim, true);

    // The widget follows the session's events; a short-lived token ends the stream after the reply.
    const shortLived = mintClientToken({ prj: projectId, eu: endUserId, anon: true }, new Date(Date.now() + 4_000));
    const stream = await undiciFetch(`${appUrl}/agent/v1/sessions/${session.id}/events`, {
      headers: { authorization: `Bearer ${shortLived}`, origin: ORIGIN },
    });
    assert.equal(stream.status, 200);
    ok(await trpc(member.cookie, 'mutation', 'inbox.reply', { contactId, reply: { type: 'text', body: 'Hi, Ada here. Let me look.' } }));
    const events = sseEvents(await stream.text());
    const staff = events.find((e) => e.event === 'message.created' && JSON.parse(e.data).role === 'staff');
    assert.ok(staff, `the staff reply on the widget's stream: ${events.map((e) => e.event).join(', ')}`);
    assert.equal(JSON.parse(staff.data).text, 'Hi, Ada here. Let me look.');
    assert.ok(events.some((e) => e.event === 'handoff.assigned'));

    assert.ok(!(await listed({ filter: 'needs_human' })).some((c) => c.contactId === contactId), 'claimed by the reply');
    assert.equal((await db.contact.findUniqueOrThrow({ where: { id: contactId } })).assignedUserId, member.id);
    const thread = ok(await trpc(member.cookie, 'query', 'inbox.messages', { contactId })) as {
      data: Array<{ direction: string; content: string; authorType: string | null; authorName: string | null }>;
    };
    assert.deepEqual(thread.data[0], { ...thread.data[0], direction: 'outgoing', authorType: 'member', authorName: 'Ada Agent' });
    const conversation = ok(await trpc(member.cookie, 'query', 'inbox.conversation', { contactId })) as { lastMessage: string; unread: boolean };
    assert.equal(conversation.lastMessage, 'Hi, Ada here. Let me look.');
    assert.equal(conversation.unread, false);
    // Not through WhatsApp: the visitor is written through the agent service only.
    assert.equal(await db.message.count({ where: { contactId } }), 0);

    const back = await browser(`/v1/sessions/${session.id}/messages`, token, { body: { input: 'Thanks!' } });
    assert.equal(back.status, 200, JSON.stringify(back.body));
    const after = ok(await trpc(member.cookie, 'query', 'inbox.conversation', { contactId })) as { lastMessage: string; unread: boolean };
    assert.deepEqual([after.lastMessage, after.unread], ['Thanks!', true]);
  });

  test('a reply without a handoff takes the conversation over from the AI; sent again with its client id, it is posted once', async () => {
    const { session, contactId } = await visitor();
    const reply = { contactId, clientId: `reply-${session.id}`, reply: { type: 'text', body: 'Jumping in here.' } };
    const first = ok(await trpc(member.cookie, 'mutation', 'inbox.reply', reply)) as { id: string };
    const again = ok(await trpc(member.cookie, 'mutation', 'inbox.reply', reply)) as { id: string };
    assert.equal(again.id, first.id);
    assert.equal(await db.agentMessage.count({ where: { sessionId: session.id, role: 'staff' } }), 1);
    const handoff = await db.agentHandoff.findFirstOrThrow({ where: { sessionId: session.id } });
    assert.deepEqual([handoff.openedBy, handoff.status, handoff.assigneeId], ['takeover', 'assigned', member.id]);
    const view = ok(await trpc(member.cookie, 'query', 'inbox.handoff', { contactId })) as { state: string };
    assert.equal(view.state, 'handoff');
  });

  test('resolving ends the handoff and closes the session; the visitor writing again reopens the conversation, with its line', async () => {
    const { token, session, contactId } = await visitor();
    await openHandoffFor(session, { reason: 'customer asked for a person' });
    ok(await trpc(member.cookie, 'mutation', 'inbox.resolve', { contactId }));
    assert.equal((await db.agentHandoff.findFirstOrThrow({ where: { sessionId: session.id } })).status, 'resolved');
    assert.equal((ok(await trpc(member.cookie, 'query', 'inbox.conversation', { contactId })) as { status: string }).status, 'resolved');

    const again = await browser(`/v1/sessions/${session.id}/messages`, token, { body: { input: 'One more question' } });
    assert.equal(again.status, 200, JSON.stringify(again.body));
    const reopened = ok(await trpc(member.cookie, 'query', 'inbox.conversation', { contactId })) as { status: string; unread: boolean };
    assert.deepEqual([reopened.status, reopened.unread], ['open', true]);
    const lines = ok(await trpc(member.cookie, 'query', 'inbox.events', { contactId })) as Array<{ kind: string }>;
    assert.deepEqual(
      lines.map((line) => line.kind).filter((kind) => kind === 'resolved' || kind === 'reopened'),
      ['resolved', 'reopened'],
    );
  });

  test('the visitor leaves an email (POST /v1/widget/email): validated, stored on the conversation, shown in the inbox', async () => {
    const { token, contactId } = await visitor();
    const config = await browser('/v1/widget/config', publishable);
    assert.equal(config.body.agent.ask_email_after_seconds, 5);

    assertAgentError(await browser('/v1/widget/email', token, { body: { email: 'not an email' } }), 'validation_failed', '/email');
    assertAgentError(await browser('/v1/widget/email', publishable, { body: { email: 'sara@example.com' } }), 'principal_not_allowed');
    const saved = await browser('/v1/widget/email', token, { body: { email: ' sara@example.com ' } });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.deepEqual(saved.body, { object: 'widget.email', email: 'sara@example.com' });
    const conversation = ok(await trpc(member.cookie, 'query', 'inbox.conversation', { contactId })) as { email: string | null };
    assert.equal(conversation.email, 'sara@example.com');

    // A visitor who never opened a conversation has nowhere to leave it.
    const newcomer = await browser('/v1/widget/token', publishable, { body: {} });
    assertAgentError(await browser('/v1/widget/email', newcomer.body.token, { body: { email: 'x@example.com' } }), 'resource_not_found');
  });

  test('/v1 conversations and contacts keep listing WhatsApp contacts only; another organization’s widget conversation is not found', async () => {
    const { contactId } = await visitor();
    const conversations = await v1('GET', '/conversations?limit=100');
    assert.equal(conversations.status, 200);
    assert.ok(!conversations.body.data.some((c: { contact_id: string }) => c.contact_id === contactId));
    for (const c of conversations.body.data) assert.equal(typeof c.phone_number, 'string');
    const contacts = await v1('GET', '/contacts?limit=100');
    assert.equal(contacts.status, 200);
    assert.ok(!contacts.body.data.some((c: { id: string }) => c.id === contactId));
    assert.equal((await v1('GET', `/contacts/${contactId}`)).status, 404);
    assert.equal((await v1('PATCH', `/contacts/${contactId}`, { name: 'X' })).status, 404);
    assert.equal((await v1('GET', `/conversations/${contactId}/messages`)).status, 404);
    assert.equal((await v1('POST', '/messages', { contact_id: contactId, type: 'text', text: { body: 'hi' } })).status, 404);

    const theirs = await trpc(outsider, 'query', 'inbox.conversation', { contactId });
    assert.equal(theirs.status, 404);
    assert.equal((await trpc(outsider, 'query', 'inbox.messages', { contactId })).status, 404);
  });
});
