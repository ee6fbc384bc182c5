import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { createAgent, createAgentTenant, createCredential, sseEvents } from '../agent-factories';
import { agent, assertRefusedInBoth } from '../support/agent-api';
import { appUrl } from '../support/stack';

/**
 * Rules an integrator meets on the request itself (API reference, /agent/docs): the contract's code
 * for `tools` and an empty `tool_outputs`, Idempotency-Key before the session's concurrency rule,
 * public routes that ignore credentials, and refusals naming the field the caller sent.
 */
describe('/agent/v1 request rules', () => {
  let key: string;
  let slug: string;
  const unique = () => Math.random().toString(36).slice(2, 10);

  before(async () => {
    const tenant = await createAgentTenant();
    key = tenant.key;
    await createCredential(tenant.project.id, { provider: 'openai' });
    slug = (
      await createAgent(tenant.project.id, {
        model: { id: 'sim/steady' },
        tools: { client: [{ name: 'get_location', description: 'Where the customer is' }] },
        overrides: { allowed: ['temperature'] },
      })
    ).slug;
  });

  const openSession = async () => {
    const res = await agent('/v1/sessions', { key, body: { agent: slug, external_id: `chat-${unique()}`, concurrency: 'reject' } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.id as string;
  };
  const say = (session: string, body: Record<string, unknown>, options: { language?: 'en' | 'ar'; headers?: Record<string, string> } = {}) =>
    agent(`/v1/sessions/${session}/messages`, { key, body, ...options });

  test('tools on a session message is 400 tools_not_allowed_with_session; nothing is stored', async () => {
    const session = await openSession();
    await assertRefusedInBoth(
      (language) => say(session, { input: 'hi', tools: [{ name: 'get_location' }] }, { language }),
      'tools_not_allowed_with_session',
      '/tools',
    );
    assert.equal((await agent(`/v1/sessions/${session}/messages`, { key })).body.data.length, 0);
  });

  test('an empty tool_outputs is 422 tool_outputs_incomplete, and the run still waits', async () => {
    const session = await openSession();
    const paused = await say(session, { input: '#call get_location {}', wait_ms: 10_000 });
    const run = paused.body.run;
    assert.equal(run.status, 'requires_action', JSON.stringify(run));
    await assertRefusedInBoth(
      (language) => agent(`/v1/runs/${run.id}/tool_outputs`, { key, language, body: { tool_outputs: [] } }),
      'tool_outputs_incomplete',
      '/tool_outputs',
    );
    assert.equal((await agent(`/v1/runs/${run.id}`, { key })).body.status, 'requires_action');
  });

  test('Idempotency-Key on a session message: in progress while the first waits, then its replay, never session_busy', async () => {
    const session = await openSession();
    const headers = { 'idempotency-key': `msg-${unique()}` };
    const body = { input: 'A slow answer [[sim:tokens=40]] [[sim:token_ms=50]]', wait_ms: 20_000 };
    const first = say(session, body, { headers });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await assertRefusedInBoth((language) => say(session, body, { language, headers }), 'idempotency_in_progress', 'Idempotency-Key');
    const answered = await first;
    assert.equal(answered.status, 200, JSON.stringify(answered.body));
    assert.equal(answered.body.run.status, 'completed');

    const replay = await say(session, body, { headers });
    assert.equal(replay.status, 200, JSON.stringify(replay.body));
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual([replay.body.message.id, replay.body.run.id], [answered.body.message.id, answered.body.run.id]);
    assert.equal((await agent(`/v1/sessions/${session}/runs`, { key })).body.data.length, 1, 'one message, one run');
  });

  test('Idempotency-Key on a streamed session message: the stream flows, and a retry gets the message and run it started', async () => {
    const session = await openSession();
    const headers = { 'idempotency-key': `msg-${unique()}` };
    const body = { input: 'Hello [[sim:tokens=5]]', stream: true };
    const streamed = await fetch(`${appUrl}/agent/v1/sessions/${session}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    assert.match(streamed.headers.get('content-type') ?? '', /text\/event-stream/);
    const events = sseEvents(await streamed.text());
    assert.equal(events.at(-1)!.event, 'run.completed');
    const runId = JSON.parse(events[0]!.data).id as string;

    const replay = await say(session, body, { headers });
    assert.equal(replay.status, 200, JSON.stringify(replay.body));
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.body.run.id, runId);
    assert.equal(replay.body.message.role, 'user');
    assert.equal((await agent(`/v1/sessions/${session}/runs`, { key })).body.data.length, 1, 'one message, one run');
  });

  test('public routes ignore credentials they do not need: both OpenAPI documents, sign-in', async () => {
    for (const authorization of [`Bearer ${key}`, 'Bearer agk_live_not-a-real-key', 'Basic abc']) {
      const agentDoc = await fetch(`${appUrl}/agent/v1/openapi.json`, { headers: { authorization } });
      assert.equal(agentDoc.status, 200, `${authorization}: ${await agentDoc.clone().text()}`);
      assert.equal(((await agentDoc.json()) as { openapi: string }).openapi, '3.1.0');
      const messagingDoc = await fetch(`${appUrl}/v1/openapi.json`, { headers: { authorization } });
      assert.equal(messagingDoc.status, 200, authorization);
    }
    await assertRefusedInBoth(
      (language) =>
        agent('/v1/auth/login', {
          key,
          language,
          headers: { origin: new URL(appUrl).origin },
          body: { email: `nobody-${unique()}@example.com`, password: 'not the password' },
        }),
      'invalid_credentials',
    );
  });

  test('a refused override names the field the caller sent', async () => {
    const session = await openSession();
    await assertRefusedInBoth(
      (language) => say(session, { input: 'hi', overrides: { max_reply_tokens: 50 } }, { language }),
      'override_not_allowed',
      '/overrides/max_reply_tokens',
    );
  });
});
