import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { db } from '@/server/db';
import { createAgent, createAgentTenant, createCredential, simKey } from '../agent-factories';
import { createUser } from '../factories';
import { agent, assertAgentError } from '../support/agent-api';
import { sessionCookie } from '../support/dashboard-session';
import { waitFor } from '../support/wait-for';

type Message = { role: string; text: string; run: string | null; author: string | null };

/**
 * Handoffs (docs/agent-api.md §1.7) over real HTTP, PostgreSQL, Redis, the worker and the AI
 * simulator: opened by the API, the model's `handoff` tool and never-handle topics; the bot
 * silent while staff have the session; one winner among claimers; release, resolve, expiry,
 * each leaving a note in the history; another project's handoff is 404.
 */
describe('/agent/v1 handoffs', () => {
  let key: string;
  let otherKey: string;
  let projectId: string;
  let slug: string;
  let owner: { id: string };
  let agents: Array<{ id: string; cookie: string }>;
  const unique = () => Math.random().toString(36).slice(2, 10);

  before(async () => {
    const tenant = await createAgentTenant();
    key = tenant.key;
    projectId = tenant.project.id;
    await createCredential(projectId, { provider: 'openai', api_key: simKey() });
    slug = (
      await createAgent(projectId, {
        model: { id: 'sim/steady' },
        tools: { builtin: ['handoff'] },
        handoff: {
          never_handle: ['legal action'],
          escalation_reply: { en: 'A colleague will take it from here.', ar: 'سيتابع معك أحد زملائنا.' },
        },
      })
    ).slug;
    owner = await createUser({ memberships: [{ orgId: tenant.org.id, role: 'owner' }] });
    agents = await Promise.all(
      [1, 2, 3].map(async () => {
        const user = await createUser({ memberships: [{ orgId: tenant.org.id, role: 'agent' }] });
        return { id: user.id, cookie: await sessionCookie(user) };
      }),
    );
    otherKey = (await createAgentTenant()).key;
  });

  const openSession = async () => {
    const res = await agent('/v1/sessions', { key, body: { agent: slug, external_id: `chat-${unique()}`, concurrency: 'queue' } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.id as string;
  };
  const say = (session: string, input: string, extra: Record<string, unknown> = {}) =>
    agent(`/v1/sessions/${session}/messages`, { key, body: { input, ...extra } });
  const history = async (session: string): Promise<Message[]> => {
    const res = await agent(`/v1/sessions/${session}/messages?limit=100`, { key });
    return (res.body.data as Message[]).reverse();
  };
  const answered = async (session: string, input: string) => {
    const res = await say(session, input, { wait_ms: 20_000 });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.run.status, 'completed', JSON.stringify(res.body.run));
    return res.body;
  };

  test('opened by the API: escalation reply in the customer’s language, the bot silent, then released back to the AI with a note', async () => {
    const session = await openSession();
    await answered(session, 'مرحبا، أين طلبي؟');
    const opened = await agent(`/v1/sessions/${session}/handoff`, { key, body: { reason: 'vip', note: 'Call them back' } });
    assert.equal(opened.status, 201, JSON.stringify(opened.body));
    assert.match(opened.body.id, /^ho_/);
    assert.equal(opened.body.status, 'open');
    assert.equal(opened.body.opened_by, 'api');
    assert.equal(opened.body.assignee, null);
    assert.equal((await history(session)).at(-1)!.text, 'سيتابع معك أحد زملائنا.', 'the escalation reply, in Arabic');
    assertAgentError(await agent(`/v1/sessions/${session}/handoff`, { key, body: {} }), 'handoff_already_open', 'session');

    const during = await say(session, 'hello? anyone?');
    assert.equal(during.status, 200);
    assert.equal(during.body.run, null, 'no run while staff have the session');
    assert.equal(during.body.handoff.id, opened.body.id);
    assert.equal(during.body.message.role, 'user');
    assertAgentError(await agent('/v1/ask', { key, body: { agent: slug, session, input: 'and now?' } }), 'handoff_already_open', 'session');
    assert.equal(await db.agentRun.count({ where: { sessionId: session, createdAt: { gt: new Date(opened.body.opened_at) } } }), 0);

    const released = await agent(`/v1/sessions/${session}/handoff/release`, { key, body: {} });
    assert.equal(released.status, 200, JSON.stringify(released.body));
    assert.equal(released.body.status, 'released');
    assertAgentError(await agent(`/v1/sessions/${session}/handoff/release`, { key, body: {} }), 'no_open_handoff', 'session');
    const note = (await history(session)).at(-1)!;
    assert.equal(note.role, 'note');
    assert.match(note.text, /^Staff handled this conversation from .* and handed it back to the AI\.$/);
    await answered(session, 'Thanks, one more question');
  });

  test('the model’s handoff tool: the run completes handed_off, other calls get handed_off, queued runs are cancelled', async () => {
    const session = await openSession();
    const res = await say(
      session,
      'I want a human [[sim:token_ms=40]]\n#call handoff {"reason":"asked for a person","summary":"Order 1234 is late"}\n#call lookup {"q":1}',
    );
    const queued = await say(session, 'are you there?');
    assert.equal(queued.body.run?.status, 'queued', JSON.stringify(queued.body));
    const run = await waitFor('the handoff run to end', async () => {
      const now = (await agent(`/v1/runs/${res.body.run.id}`, { key })).body;
      return now.completed_at ? now : null;
    });
    assert.equal(run.status, 'completed');
    assert.equal(run.outcome, 'handed_off');
    const handoffs = await agent('/v1/handoffs?status=open', { key });
    const handoff = handoffs.body.data.find((h: { session: string }) => h.session === session);
    assert.ok(handoff, 'listed as open');
    assert.equal(handoff.opened_by, 'model');
    assert.equal(handoff.reason, 'asked for a person');
    assert.equal(handoff.summary, 'Order 1234 is late');
    assert.equal(handoff.run, run.id);
    const waiting = await waitFor('the queued run to be cancelled', async () => {
      const now = (await agent(`/v1/runs/${queued.body.run.id}`, { key })).body;
      return now.status === 'cancelled' ? now : null;
    });
    assert.equal(waiting.status, 'cancelled');
    const messages = await history(session);
    assert.deepEqual(
      messages.filter((m) => m.role === 'assistant').map((m) => m.text),
      ['A colleague will take it from here.'],
      'the runtime’s escalation text is the only reply',
    );
  });

  test('a refusal after the fallback models: the run fails provider_refusal, the fallback message is sent, staff get the session', async () => {
    const session = await openSession();
    const res = await say(session, 'Say something you must not [[sim:refusal]]', { wait_ms: 20_000 });
    assert.equal(res.body.run.status, 'failed', JSON.stringify(res.body.run));
    assert.equal(res.body.run.error.code, 'provider_refusal');
    const handoff = await waitFor('the handoff', async () =>
      (await agent('/v1/handoffs', { key })).body.data.find((h: { session: string }) => h.session === session),
    );
    assert.equal(handoff.opened_by, 'refusal');
    assert.equal(handoff.run, res.body.run.id);
    assert.equal((await history(session)).at(-1)!.text, "Sorry, I can't help with that here. A member of our team will reply shortly.");
  });

  test('a never-handle topic hands over before any run', async () => {
    const session = await openSession();
    const res = await say(session, 'I am considering LEGAL ACTION over this');
    assert.equal(res.status, 200);
    assert.equal(res.body.run, null);
    assert.equal(res.body.handoff.opened_by, 'never_handle');
    assert.equal((await history(session)).at(-1)!.text, 'A colleague will take it from here.');
  });

  test('claims: one winner among members claiming at once, force for admins only, staff replies, resolve closes the session', async () => {
    const session = await openSession();
    await answered(session, 'Hi');
    const handoff = (await agent(`/v1/sessions/${session}/handoff`, { key, body: {} })).body;
    const claims = await Promise.all(
      agents.map((member) => agent(`/v1/handoffs/${handoff.id}/claim`, { cookie: member.cookie, project: projectId, body: {} })),
    );
    const winners = claims.filter((c) => c.status === 200);
    assert.equal(winners.length, 1, JSON.stringify(claims.map((c) => c.body)));
    for (const lost of claims.filter((c) => c.status !== 200)) assertAgentError(lost, 'handoff_already_assigned', 'handoff');
    const winner = agents[claims.indexOf(winners[0]!)]!;
    const loser = agents.find((a) => a !== winner)!;
    assert.equal(winners[0]!.body.assignee, winner.id);
    assert.equal(winners[0]!.body.status, 'assigned');
    const again = await agent(`/v1/handoffs/${handoff.id}/claim`, { cookie: winner.cookie, project: projectId, body: {} });
    assert.equal(again.status, 200, 'claiming one’s own again changes nothing');
    assertAgentError(
      await agent(`/v1/handoffs/${handoff.id}/claim`, { cookie: loser.cookie, project: projectId, body: { force: true } }),
      'permission_denied',
      '/force',
    );
    assertAgentError(await agent(`/v1/handoffs/${handoff.id}/claim`, { key, body: {} }), 'validation_failed', '/member_id');
    const forced = await agent(`/v1/handoffs/${handoff.id}/claim`, { key, body: { force: true, member_id: owner.id } });
    assert.equal(forced.status, 200, JSON.stringify(forced.body));
    assert.equal(forced.body.assignee, owner.id);

    const reply = await agent(`/v1/handoffs/${handoff.id}/messages`, { key, body: { text: 'Hi, I am Sam from support.', member_id: owner.id } });
    assert.equal(reply.status, 201, JSON.stringify(reply.body));
    assert.equal(reply.body.role, 'staff');
    assert.equal(reply.body.author, owner.id);

    const resolved = await agent(`/v1/sessions/${session}/handoff/resolve`, { key, body: { note: 'Refunded' } });
    assert.equal(resolved.status, 200, JSON.stringify(resolved.body));
    assert.equal(resolved.body.status, 'resolved');
    assert.equal(resolved.body.resolution_note, 'Refunded');
    assert.equal((await agent(`/v1/sessions/${session}`, { key })).body.status, 'closed');
    assertAgentError(await agent(`/v1/handoffs/${handoff.id}/claim`, { key, body: { member_id: owner.id } }), 'handoff_not_open', 'handoff');
    assertAgentError(
      await agent(`/v1/handoffs/${handoff.id}/messages`, { key, body: { text: 'late', member_id: owner.id } }),
      'handoff_not_open',
      'handoff',
    );
    const note = (await history(session)).at(-1)!;
    assert.match(note.text, /and resolved it\. Staff note: Refunded$/);
    await answered(session, 'One more thing');
    assert.equal((await agent(`/v1/sessions/${session}`, { key })).body.status, 'open', 'the next message reopens it with the AI');
  });

  test('opening during generation cancels the run: no bot message after the handoff', async () => {
    const session = await openSession();
    const slow = await say(session, 'Tell me everything [[sim:token_ms=150]]');
    await waitFor('the run to start streaming', async () => (await agent(`/v1/runs/${slow.body.run.id}`, { key })).body.status === 'in_progress');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const opened = await agent(`/v1/sessions/${session}/handoff`, { key, body: {} });
    assert.equal(opened.status, 201);
    const run = (await agent(`/v1/runs/${slow.body.run.id}`, { key })).body;
    assert.equal(run.status, 'cancelled');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const messages = await history(session);
    assert.equal(
      messages.at(-1)!.text,
      'A colleague will take it from here.',
      'the escalation is the last word; the cancelled reply never lands',
    );
    assert.equal(messages.filter((m) => m.role === 'assistant').length, 1);
  });

  test('expiry: a handoff nobody wrote in ends, with a note, and the AI answers again', async () => {
    const session = await openSession();
    const handoff = (await agent(`/v1/sessions/${session}/handoff`, { key, body: {} })).body;
    assert.ok(new Date(handoff.expires_at).getTime() - new Date(handoff.opened_at).getTime() === 24 * 3_600_000);
    await db.agentHandoff.update({ where: { id: handoff.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await waitFor(
      'the reconciler to expire it',
      async () => {
        const now = (await agent(`/v1/handoffs/${handoff.id}`, { key })).body;
        return now.status === 'expired' ? now : null;
      },
      25_000,
    );
    assert.ok(expired.ended_at);
    assert.match((await history(session)).at(-1)!.text, /until the handoff expired\.$/);
    await answered(session, 'Hello again');
  });

  test('another project’s handoff is 404; a bad id is a validation error', async () => {
    const session = await openSession();
    const handoff = (await agent(`/v1/sessions/${session}/handoff`, { key, body: {} })).body;
    assertAgentError(await agent(`/v1/handoffs/${handoff.id}`, { key: otherKey }), 'resource_not_found', 'handoff');
    assertAgentError(
      await agent(`/v1/handoffs/${handoff.id}/claim`, { key: otherKey, body: { member_id: owner.id } }),
      'resource_not_found',
      'handoff',
    );
    assertAgentError(await agent(`/v1/sessions/${session}/handoff/release`, { key: otherKey, body: {} }), 'session_not_found', 'session');
    assert.equal((await agent('/v1/handoffs/nope', { key })).status, 400);
  });
});
