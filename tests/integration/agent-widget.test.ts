import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { fetch as undiciFetch } from 'undici';
import { db } from '@/server/db';
import { getRedis } from '@/server/redis';
import { mintClientToken } from '@/server/agent/access/client-token';
import { runChannel, sessionChannel } from '@/server/agent/runs/run-stream';
import { anonymousConversationsKey, anonymousSessionKey } from '@/server/agent/usage/anonymous-caps';
import { createAgent, createAgentKey, createAgentTenant, createCredential, createSecretKey, sseEvents } from '../agent-factories';
import { agent, assertAgentError, assertRefusedInBoth, type AgentCall } from '../support/agent-api';
import { fromAddress } from '../support/dashboard-session';
import { appUrl } from '../support/stack';

const ORIGIN = 'https://shop.example.com';
const model = { id: 'openai/gpt-4.1-mini' };

/** A project with an agent whose widget is on, a publishable key for ORIGIN and a secret key. */
async function widgetTenant() {
  const tenant = await createAgentTenant();
  await createCredential(tenant.project.id);
  const widgetAgent = await createAgent(tenant.project.id, {
    model,
    channels: { widget: { enabled: true, greeting: { en: 'Hello!', ar: 'مرحبا!' }, theme: { color: '#112233' } } },
  });
  const publishable = (await createAgentKey(tenant.project.id, { type: 'publishable', allowedOrigins: [ORIGIN] })).key;
  return { ...tenant, widgetAgent, publishable };
}

/** A loopback address of its own, so each test's per-address counts start at zero. */
const freshAddress = () => `127.${1 + (randomBytes(1)[0]! % 200)}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

describe('/agent/v1 browser routes (widget, client tokens)', () => {
  let t: Awaited<ReturnType<typeof widgetTenant>>;
  const browser = (path: string, key: string, call: AgentCall = {}) =>
    agent(path, { key, ...call, headers: { origin: ORIGIN, ...call.headers } });
  const visitor = async (via = fromAddress(freshAddress())) => {
    const minted = await browser('/v1/widget/token', t.publishable, { body: {}, via });
    assert.equal(minted.status, 201, JSON.stringify(minted.body));
    const session = await browser('/v1/widget/sessions', minted.body.token, { body: {}, via });
    assert.equal(session.status, 201, JSON.stringify(session.body));
    return { token: minted.body.token as string, endUserId: minted.body.end_user_id as string, sessionId: session.body.id as string };
  };

  before(async () => {
    t = await widgetTenant();
  });

  test('POST /v1/client_tokens: 201 with a token for a verified end user; scope, external_id and principal refusals', async () => {
    const minted = await agent('/v1/client_tokens', {
      key: t.key,
      body: { end_user: { external_id: 'user-42', name: 'Sara' }, ttl_seconds: 120 },
    });
    assert.equal(minted.status, 201, JSON.stringify(minted.body));
    assert.match(minted.body.token, /^agct_/);
    assert.match(minted.body.end_user_id, /^eu_/);
    const expiresIn = Date.parse(minted.body.expires_at) - Date.now();
    assert.ok(expiresIn > 100_000 && expiresIn <= 120_000, `${expiresIn}`);
    const endUser = await db.agentEndUser.findUniqueOrThrow({ where: { id: minted.body.end_user_id } });
    assert.equal(endUser.verified, true);

    const me = await browser('/v1/end_users/me', minted.body.token);
    assert.equal(me.status, 200);
    assert.equal(me.body.id, minted.body.end_user_id);
    assert.equal(me.headers.get('access-control-allow-origin'), ORIGIN);

    const noScope = await createSecretKey(t.project.id, { scopes: ['sessions:read'] });
    await assertRefusedInBoth(
      (language) => agent('/v1/client_tokens', { key: noScope, language, body: { end_user: { external_id: 'x1' } } }),
      'insufficient_scope',
    );
    await assertRefusedInBoth(
      (language) => agent('/v1/client_tokens', { key: t.key, language, body: { end_user: { external_id: 'eu_nope' } } }),
      'external_id_invalid',
      '/end_user/external_id',
    );
    const tooLong = await agent('/v1/client_tokens', { key: t.key, body: { end_user: { external_id: 'x2' }, ttl_seconds: 3601 } });
    assertAgentError(tooLong, 'validation_failed', '/ttl_seconds');
    // Browser credentials reach only browser routes.
    await assertRefusedInBoth((language) => browser('/v1/sessions', minted.body.token, { language }), 'principal_not_allowed');
    await assertRefusedInBoth((language) => browser('/v1/sessions', t.publishable, { language }), 'principal_not_allowed');
    await assertRefusedInBoth((language) => browser('/v1/client_tokens', t.publishable, { language, body: {} }), 'principal_not_allowed');
    await assertRefusedInBoth((language) => agent('/v1/widget/config', { key: t.key, language }), 'principal_not_allowed');
  });

  test('publishable keys need an allowed Origin; the page can read every answer (CORS), preflights are answered without a credential', async () => {
    await assertRefusedInBoth(
      (language) => agent('/v1/widget/config', { key: t.publishable, language, headers: { origin: null } }),
      'origin_required',
    );
    const refused = await assertRefusedInBoth(
      (language) => agent('/v1/widget/config', { key: t.publishable, language, headers: { origin: 'https://evil.example' } }),
      'origin_not_allowed',
    );
    assert.equal(refused.headers.get('access-control-allow-origin'), 'https://evil.example');
    assert.match(refused.headers.get('access-control-expose-headers') ?? '', /Request-Id.*Retry-After/);

    const config = await browser('/v1/widget/config', t.publishable, { language: 'ar' });
    assert.equal(config.status, 200, JSON.stringify(config.body));
    assert.deepEqual(config.body.agent, {
      id: t.widgetAgent.id,
      name: t.widgetAgent.name,
      greeting: 'مرحبا!',
      locale: 'ar',
      theme: { color: '#112233' },
      ask_email_after_seconds: 120,
    });
    assert.equal(config.headers.get('access-control-allow-origin'), ORIGIN);
    assert.match(config.headers.get('vary') ?? '', /\bOrigin\b/);

    const preflight = await undiciFetch(`${appUrl}/agent/v1/widget/sessions`, {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), ORIGIN);
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /Authorization/);
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/);
    // A server route's preflight is not answered for browsers.
    const serverRoute = await undiciFetch(`${appUrl}/agent/v1/agents`, { method: 'OPTIONS', headers: { origin: ORIGIN } });
    assert.equal(serverRoute.headers.get('access-control-allow-origin'), null);

    await assertRefusedInBoth((language) => agent('/v1/widget/config', { language, headers: { origin: ORIGIN } }), 'authentication_required');

    // A page of this server (the demo page): browsers send no Origin on a same-origin GET, only Sec-Fetch-Site.
    const ownPage = { origin: null, 'sec-fetch-site': 'same-origin' };
    const own = await createAgentKey(t.project.id, { type: 'publishable', allowedOrigins: [new URL(appUrl).origin] });
    const sameOrigin = await agent('/v1/widget/config', { key: own.key, headers: ownPage });
    assert.equal(sameOrigin.status, 200, JSON.stringify(sameOrigin.body));
    await assertRefusedInBoth((language) => agent('/v1/widget/config', { key: t.publishable, language, headers: ownPage }), 'origin_not_allowed');
    await assertRefusedInBoth(
      (language) => agent('/v1/widget/config', { key: own.key, language, headers: { origin: null, 'sec-fetch-site': 'cross-site' } }),
      'origin_required',
    );
  });

  test('client tokens: a tampered token is invalid_client_token, an expired one token_expired; a publishable key alone has no session', async () => {
    const { token, endUserId: endUser } = await visitor();
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    await assertRefusedInBoth((language) => browser('/v1/end_users/me', tampered, { language }), 'invalid_client_token');
    const expired = mintClientToken({ prj: t.project.id, eu: endUser, anon: true }, new Date(Date.now() - 1000));
    const refused = await assertRefusedInBoth((language) => browser('/v1/end_users/me', expired, { language }), 'token_expired');
    assert.equal(refused.headers.get('access-control-allow-origin'), ORIGIN);
    await assertRefusedInBoth((language) => browser('/v1/widget/sessions', t.publishable, { language, body: {} }), 'principal_not_allowed');
  });

  test('owned-only: another end user’s session and runs are 404; input over 4,000 characters is input_too_large', async () => {
    const alice = await visitor();
    const bob = await visitor();
    const again = await browser('/v1/widget/sessions', alice.token, { body: {} });
    assert.equal(again.status, 200);
    assert.equal(again.body.id, alice.sessionId);
    assert.equal(again.body.channel, 'widget');
    assert.equal(again.body.concurrency, 'queue');

    const sent = await browser(`/v1/sessions/${alice.sessionId}/messages`, alice.token, { body: { input: 'Hello there', wait_ms: 10_000 } });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.equal(sent.body.run.status, 'completed');
    const runId = sent.body.run.id;
    const listed = await browser(`/v1/sessions/${alice.sessionId}/messages`, alice.token);
    assert.equal(listed.status, 200);
    assert.ok(listed.body.data.length >= 2);

    const path = `/v1/sessions/${alice.sessionId}`;
    await assertRefusedInBoth((language) => browser(`${path}/messages`, bob.token, { language, body: { input: 'hi' } }), 'session_not_found');
    await assertRefusedInBoth((language) => browser(`${path}/messages`, bob.token, { language }), 'session_not_found');
    await assertRefusedInBoth((language) => browser(`${path}/events`, bob.token, { language }), 'session_not_found');
    await assertRefusedInBoth((language) => browser(`/v1/runs/${runId}/events`, bob.token, { language }), 'resource_not_found');
    await assertRefusedInBoth((language) => browser(`/v1/runs/${runId}/cancel`, bob.token, { language, body: {} }), 'resource_not_found');
    await assertRefusedInBoth(
      (language) => browser(`/v1/runs/${runId}/tool_outputs`, bob.token, { language, body: { tool_outputs: [{ call_id: 'c', output: 'x' }] } }),
      'resource_not_found',
    );
    // Its owner reaches it.
    const events = await undiciFetch(`${appUrl}/agent/v1/runs/${runId}/events`, {
      headers: { authorization: `Bearer ${alice.token}`, origin: ORIGIN },
    });
    assert.equal(events.status, 200);
    assert.equal(events.headers.get('access-control-allow-origin'), ORIGIN);
    assert.ok(sseEvents(await events.text()).some((e) => e.event === 'run.completed'));
    await assertRefusedInBoth((language) => browser(`/v1/runs/${runId}/cancel`, alice.token, { language, body: {} }), 'run_already_completed');

    await assertRefusedInBoth(
      (language) => browser(`${path}/messages`, alice.token, { language, body: { input: 'x'.repeat(4_001) } }),
      'input_too_large',
      '/input',
    );
  });

  test("the widget's routes, which the web server answers without Next.js: the same headers, and dropped streams are let go", async () => {
    const via = fromAddress(freshAddress());
    const config = await browser('/v1/widget/config', t.publishable, { via });
    const minted = await browser('/v1/widget/token', t.publishable, { body: {}, via });
    const session = await browser('/v1/widget/sessions', minted.body.token, { body: {}, via });
    const history = await browser(`/v1/sessions/${session.body.id}/messages?limit=50`, minted.body.token, { via });
    const open = (path: string, signal: AbortSignal, body?: unknown) =>
      undiciFetch(`${appUrl}/agent/v1/sessions/${session.body.id}/${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${minted.body.token}`, origin: ORIGIN, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
        dispatcher: via,
        signal,
      });
    const leaveEvents = new AbortController();
    const leaveReply = new AbortController();
    const events = await open('events', leaveEvents.signal);
    const reply = await open('messages', leaveReply.signal, { input: 'Tell me everything [[sim:tokens=100]] [[sim:token_ms=50]]', stream: true });
    for (const [what, answer, status] of [
      ['config', config, 200],
      ['token', minted, 201],
      ['session', session, 201],
      ['history', history, 200],
      ['events', events, 200],
      ['reply', reply, 200],
    ] as const) {
      assert.equal(answer.status, status, what);
      assert.equal(answer.headers.get('x-frame-options'), 'DENY', what);
      assert.equal(answer.headers.get('x-content-type-options'), 'nosniff', what);
      assert.equal(answer.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', what);
      assert.equal(answer.headers.get('content-security-policy'), "frame-ancestors 'none'", what);
      assert.equal(answer.headers.get('access-control-allow-origin'), ORIGIN, what);
      assert.equal(answer.headers.get('agent-version'), '2026-10-06', what);
      assert.match(answer.headers.get('request-id') ?? '', /^req_/, what);
    }
    assert.match(reply.headers.get('content-type') ?? '', /^text\/event-stream/);
    assert.deepEqual(history.body.data, []);
    // Their preflights too: the browser's, without a credential.
    for (const [path, method] of [
      ['widget/config', 'GET'],
      ['widget/token', 'POST'],
      ['widget/sessions', 'POST'],
      [`sessions/${session.body.id}/messages`, 'POST'],
      [`sessions/${session.body.id}/events`, 'GET'],
    ] as const) {
      const preflight = await undiciFetch(`${appUrl}/agent/v1/${path}`, {
        method: 'OPTIONS',
        headers: { origin: ORIGIN, 'access-control-request-method': method, 'access-control-request-headers': 'authorization, content-type' },
        dispatcher: via,
      });
      assert.equal(preflight.status, 204, path);
      assert.equal(preflight.headers.get('access-control-allow-origin'), ORIGIN, path);
      assert.match(preflight.headers.get('access-control-allow-methods') ?? '', new RegExp(method), path);
      assert.equal(preflight.headers.get('x-frame-options'), 'DENY', path);
      assert.equal(preflight.headers.get('content-security-policy'), "frame-ancestors 'none'", path);
      assert.match(preflight.headers.get('request-id') ?? '', /^req_/, path);
    }

    // Read to the first delta: the web process follows the run's and the session's channels while the visitor reads.
    const reader = reply.body!.getReader();
    let text = '';
    while (!text.includes('event: message.delta')) text += new TextDecoder().decode((await reader.read()).value);
    const runId = JSON.parse(sseEvents(text).find((e) => e.event === 'run.created')!.data).id as string;
    const followers = async (channel: string) => ((await getRedis().pubsub('NUMSUB', channel)) as [string, number])[1];
    const channels = [runChannel(runId), sessionChannel(session.body.id)];
    assert.deepEqual(await Promise.all(channels.map(followers)), [1, 1]);
    leaveReply.abort();
    leaveEvents.abort();
    let left = [1, 1];
    for (let waited = 0; waited < 3_000 && left.some((n) => n > 0); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      left = await Promise.all(channels.map(followers));
    }
    assert.deepEqual(left, [0, 0], 'a stream was still followed after the visitor left');
    // The run itself goes on in the worker.
    const run = await db.agentRun.findUniqueOrThrow({ where: { id: runId }, select: { status: true } });
    assert.equal(run.status, 'in_progress');

    // As Next.js would, a history of 1 KiB or more is gzipped for a client that takes it.
    const long = await visitor(fromAddress(freshAddress()));
    const said = await browser(`/v1/sessions/${long.sessionId}/messages`, long.token, { body: { input: 'x'.repeat(1_500), wait_ms: 10_000 } });
    assert.equal(said.status, 200, JSON.stringify(said.body));
    const listed = (encoding: string) =>
      undiciFetch(`${appUrl}/agent/v1/sessions/${long.sessionId}/messages`, {
        headers: { authorization: `Bearer ${long.token}`, origin: ORIGIN, 'accept-encoding': encoding },
      });
    const zipped = await listed('gzip, deflate, br');
    assert.equal(zipped.headers.get('content-encoding'), 'gzip');
    assert.match(zipped.headers.get('vary') ?? '', /Accept-Encoding/);
    const plain = await listed('identity');
    assert.equal(plain.headers.get('content-encoding'), null);
    assert.deepEqual(await zipped.json(), await plain.json());
  });

  test('a stream left while it is being opened is let go too: no channel followed, no timer left', async () => {
    const { sessionId, token } = await visitor();
    // Visitors who leave at once, at every moment of the opening: before the answer, at its headers, just after.
    await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const leave = new AbortController();
        const opened = undiciFetch(`${appUrl}/agent/v1/sessions/${sessionId}/events`, {
          headers: { authorization: `Bearer ${token}`, origin: ORIGIN },
          signal: leave.signal,
        });
        if (i % 3 === 0) setTimeout(() => leave.abort(), i % 4);
        else if (i % 3 === 1)
          await opened.then(
            () => leave.abort(),
            () => {},
          );
        else
          await opened
            .then(() => new Promise((resolve) => setImmediate(resolve)))
            .then(
              () => leave.abort(),
              () => {},
            );
        await opened.catch(() => {});
      }),
    );
    const followers = async () => ((await getRedis().pubsub('NUMSUB', sessionChannel(sessionId))) as [string, number])[1];
    let left = await followers();
    for (let waited = 0; waited < 3_000 && left > 0; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      left = await followers();
    }
    assert.equal(left, 0, 'the session was still followed after every visitor left');
  });

  test('an open stream gets an error event token_expired when its token expires', async () => {
    const { sessionId, endUserId } = await visitor();
    const shortLived = mintClientToken({ prj: t.project.id, eu: endUserId, anon: true }, new Date(Date.now() + 2_000));
    const res = await undiciFetch(`${appUrl}/agent/v1/sessions/${sessionId}/events`, {
      headers: { authorization: `Bearer ${shortLived}`, origin: ORIGIN },
    });
    assert.equal(res.status, 200);
    const events = sseEvents(await res.text());
    const last = events.at(-1)!;
    assert.equal(last.event, 'error');
    assert.equal(JSON.parse(last.data).error.code, 'token_expired');
  });

  test('token refresh: valid or expired under 24 h; older is token_expired; server-minted or foreign tokens are invalid', async () => {
    const { endUserId } = await visitor();
    const recent = mintClientToken({ prj: t.project.id, eu: endUserId, anon: true }, new Date(Date.now() - 3_600_000));
    const refreshed = await browser('/v1/widget/token/refresh', t.publishable, { body: { token: recent } });
    assert.equal(refreshed.status, 201, JSON.stringify(refreshed.body));
    assert.equal(refreshed.body.end_user_id, endUserId);
    assert.ok(Date.parse(refreshed.body.expires_at) - Date.now() > 800_000);
    const me = await browser('/v1/end_users/me', refreshed.body.token);
    assert.equal(me.body.id, endUserId);

    const old = mintClientToken({ prj: t.project.id, eu: endUserId, anon: true }, new Date(Date.now() - 86_401_000));
    await assertRefusedInBoth(
      (language) => browser('/v1/widget/token/refresh', t.publishable, { language, body: { token: old } }),
      'token_expired',
      '/token',
    );
    const server = await agent('/v1/client_tokens', { key: t.key, body: { end_user: { external_id: 'server-user' } } });
    await assertRefusedInBoth(
      (language) => browser('/v1/widget/token/refresh', t.publishable, { language, body: { token: server.body.token } }),
      'invalid_client_token',
      '/token',
    );
    const other = await widgetTenant();
    const foreign = await browser('/v1/widget/token', other.publishable, { body: {} });
    await assertRefusedInBoth(
      (language) => browser('/v1/widget/token/refresh', t.publishable, { language, body: { token: foreign.body.token } }),
      'invalid_client_token',
      '/token',
    );
    // visitor_id brings a returning visitor back as the same end user.
    const visitorId = 'v'.repeat(20);
    const first = await browser('/v1/widget/token', t.publishable, { body: { visitor_id: visitorId } });
    const second = await browser('/v1/widget/token', t.publishable, { body: { visitor_id: visitorId } });
    assert.equal(first.body.end_user_id, second.body.end_user_id);
    assert.equal(second.body.visitor_id, visitorId);
  });

  test('identify: the anonymous visitor’s sessions move to the verified end user, whose conversation it becomes', async () => {
    const anonymous = await visitor();
    await browser(`/v1/sessions/${anonymous.sessionId}/messages`, anonymous.token, { body: { input: 'Before signing in', wait_ms: 10_000 } });
    const minted = await agent('/v1/client_tokens', {
      key: t.key,
      body: { end_user: { external_id: `member-${randomBytes(4).toString('hex')}` } },
    });

    await assertRefusedInBoth(
      (language) => browser('/v1/widget/identify', anonymous.token, { language, body: { client_token: anonymous.token } }),
      'invalid_client_token',
      '/client_token',
    );
    const expired = mintClientToken({ prj: t.project.id, eu: minted.body.end_user_id, anon: false }, new Date(Date.now() - 1000));
    await assertRefusedInBoth(
      (language) => browser('/v1/widget/identify', anonymous.token, { language, body: { client_token: expired } }),
      'token_expired',
      '/client_token',
    );

    const identified = await browser('/v1/widget/identify', anonymous.token, { body: { client_token: minted.body.token } });
    assert.equal(identified.status, 200, JSON.stringify(identified.body));
    assert.equal(identified.body.end_user_id, minted.body.end_user_id);
    assert.equal(identified.body.moved_sessions, 1);
    const session = await db.agentSession.findUniqueOrThrow({ where: { id: anonymous.sessionId } });
    assert.equal(session.endUserId, minted.body.end_user_id);
    // The visitor is gone: their token no longer works.
    await assertRefusedInBoth((language) => browser('/v1/end_users/me', anonymous.token, { language }), 'invalid_client_token');

    const resumed = await browser('/v1/widget/sessions', identified.body.token, { body: {} });
    assert.equal(resumed.status, 200);
    assert.equal(resumed.body.id, anonymous.sessionId);
    const history = await browser(`/v1/sessions/${anonymous.sessionId}/messages`, identified.body.token);
    assert.ok(history.body.data.some((m: { text: string }) => m.text === 'Before signing in'));
  });

  test('caps: 20 messages per address in 10 minutes, exact under 50 concurrent requests from one address', async () => {
    const capped = await widgetTenant();
    const visitors = await Promise.all(
      Array.from({ length: 50 }, async () => {
        // Each starts from an address of its own: one address starts at most 20 conversations an hour.
        const setup = fromAddress(freshAddress());
        const minted = await browser('/v1/widget/token', capped.publishable, { body: {}, via: setup });
        const session = await browser('/v1/widget/sessions', minted.body.token, { body: {}, via: setup });
        assert.equal(session.status, 201, JSON.stringify(session.body));
        return { token: minted.body.token as string, sessionId: session.body.id as string };
      }),
    );
    const via = fromAddress(freshAddress());
    const answers = await Promise.all(
      visitors.map((v) => browser(`/v1/sessions/${v.sessionId}/messages`, v.token, { body: { input: 'hi' }, via })),
    );
    const accepted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    assert.equal(accepted.length, 20, JSON.stringify(refused.find((a) => a.status !== 429)?.body));
    assert.equal(refused.length, 30);
    for (const answer of refused) {
      assertAgentError(answer, 'anonymous_limit_reached');
      const retryAfter = Number(answer.headers.get('retry-after'));
      assert.ok(retryAfter >= 1 && retryAfter <= 600, `${retryAfter}`);
      assert.equal(answer.headers.get('access-control-allow-origin'), ORIGIN);
    }
    assert.equal(await db.agentMessage.count({ where: { session: { projectId: capped.project.id }, role: 'user' } }), 20);
    await assertRefusedInBoth(
      (language) => browser(`/v1/sessions/${visitors[0]!.sessionId}/messages`, visitors[0]!.token, { body: { input: 'hi' }, via, language }),
      'anonymous_limit_reached',
    );
  });

  test('caps: 50 messages per session and 500 new conversations per project-day, exact under concurrency', async () => {
    const capped = await widgetTenant();
    const one = await (async () => {
      const minted = await browser('/v1/widget/token', capped.publishable, { body: {} });
      const session = await browser('/v1/widget/sessions', minted.body.token, { body: {} });
      return { token: minted.body.token as string, sessionId: session.body.id as string };
    })();
    await getRedis().set(anonymousSessionKey(one.sessionId), '48', 'EX', 3600);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        browser(`/v1/sessions/${one.sessionId}/messages`, one.token, { body: { input: `m${i}` }, via: fromAddress(freshAddress()) }),
      ),
    );
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 200, 429, 429, 429]);
    assertAgentError(
      answers.find((a) => a.status === 429)!,
      'anonymous_limit_reached',
    );

    // The project's 500 anonymous conversations of the day: 480 used, 50 visitors at once → exactly 20 new sessions.
    await getRedis().set(anonymousConversationsKey(capped.project.id), '480', 'EX', 3600);
    const tokens = await Promise.all(
      Array.from(
        { length: 50 },
        async () => (await browser('/v1/widget/token', capped.publishable, { body: {}, via: fromAddress(freshAddress()) })).body.token as string,
      ),
    );
    const opened = await Promise.all(
      tokens.map((token) => browser('/v1/widget/sessions', token, { body: {}, via: fromAddress(freshAddress()) })),
    );
    assert.equal(opened.filter((a) => a.status === 201).length, 20);
    for (const refused of opened.filter((a) => a.status !== 201)) assertAgentError(refused, 'anonymous_limit_reached');
    const retryAfter = Number(opened.find((a) => a.status === 429)!.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 86_400);
    // No new visitor once they are used up.
    await assertRefusedInBoth((language) => browser('/v1/widget/token', capped.publishable, { language, body: {} }), 'anonymous_limit_reached');
  });

  test('a widget session is made once under concurrent first requests: one conversation counted, one session.created event', async () => {
    const fresh = await widgetTenant();
    const hook = await agent('/v1/webhook_endpoints', {
      key: fresh.key,
      body: { url: `${process.env.SHOP_URL}/hooks/widget-${randomBytes(4).toString('hex')}`, events: ['session.created'] },
    });
    assert.equal(hook.status, 201, JSON.stringify(hook.body));
    const minted = await browser('/v1/widget/token', fresh.publishable, { body: {} });
    const opened = await Promise.all(Array.from({ length: 6 }, () => browser('/v1/widget/sessions', minted.body.token, { body: {} })));
    assert.deepEqual(opened.map((a) => a.status).sort(), [200, 200, 200, 200, 200, 201]);
    const session = opened.find((a) => a.status === 201)!.body;
    assert.ok(opened.every((a) => a.body.id === session.id));
    assert.deepEqual(
      { agent: session.agent, end_user: session.end_user, channel: session.channel, concurrency: session.concurrency, version: session.version },
      { agent: fresh.widgetAgent.id, end_user: minted.body.end_user_id, channel: 'widget', concurrency: 'queue', version: 'published' },
    );
    assert.equal(await getRedis().get(anonymousConversationsKey(fresh.project.id)), '1');
    const events = await db.event.findMany({ where: { projectId: fresh.project.id, type: 'session.created' } });
    assert.equal(events.length, 1);
    assert.equal((events[0]!.payload as { data: { id: string } }).data.id, session.id);
    // The same visitor_id is the same end user; a second token for them finds their session.
    const again = await browser('/v1/widget/token', fresh.publishable, { body: { visitor_id: minted.body.visitor_id } });
    assert.equal(again.body.end_user_id, minted.body.end_user_id);
    const reopened = await browser('/v1/widget/sessions', again.body.token, { body: {} });
    assert.deepEqual([reopened.status, reopened.body.id], [200, session.id]);
    // The widget's agent is kept in memory a few seconds, yet archiving it takes effect on the next request.
    assert.equal((await browser('/v1/widget/config', fresh.publishable)).status, 200);
    assert.equal((await agent(`/v1/agents/${fresh.widgetAgent.id}`, { key: fresh.key, method: 'DELETE' })).status, 200);
    assertAgentError(await browser('/v1/widget/config', fresh.publishable), 'resource_not_found');
  });

  test('the OpenAPI document lists the browser routes with their codes', async () => {
    const doc = await agent('/v1/openapi.json');
    const op = doc.body.paths['/v1/widget/token'].post;
    for (const code of ['origin_required', 'origin_not_allowed', 'invalid_client_token', 'anonymous_limit_reached']) {
      assert.ok(op['x-error-codes'].includes(code), code);
    }
    const message = doc.body.paths['/v1/sessions/{session}/messages'].post;
    for (const code of ['anonymous_limit_reached', 'token_expired', 'invalid_client_token'])
      assert.ok(message['x-error-codes'].includes(code), code);
    assert.ok(doc.body.paths['/v1/client_tokens'].post);
    assert.ok(doc.body.paths['/v1/end_users/me'].get);
  });
});
