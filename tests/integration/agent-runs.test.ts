import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { config } from '@/server/config';
import { db } from '@/server/db';
import { runStreamKey } from '@/server/agent/runs/run-stream';
import { aiSimulator, createAgent, createAgentTenant, createCredential, createOrderStatusTool, simKey, sseEvents } from '../agent-factories';
import { agent, assertAgentError } from '../support/agent-api';
import { appUrl } from '../support/stack';
import { waitFor } from '../support/wait-for';

/**
 * Session messages and their runs (docs/agent-api.md §1.3–1.6) over real HTTP, PostgreSQL, Redis,
 * the worker and the AI simulator: runs execute in the worker, stream through Redis, resume
 * exactly, queue in order, pause for client tools, and end in every way the contract names.
 */
describe('/agent/v1 session runs', () => {
  let key: string;
  let otherKey: string;
  let projectId: string;
  let openaiKey: string;
  let slug: string;
  let toolSlug: string;
  const shop = process.env.SHOP_URL!;
  const unique = () => Math.random().toString(36).slice(2, 10);

  before(async () => {
    const tenant = await createAgentTenant();
    key = tenant.key;
    projectId = tenant.project.id;
    openaiKey = simKey();
    await createCredential(projectId, { provider: 'openai', api_key: openaiKey });
    slug = (
      await createAgent(projectId, {
        instructions: 'You help customers. Token: {{variables.api_token}}.',
        model: { id: 'sim/steady' },
        variables: [
          { name: 'tier', type: 'string', default: 'basic' },
          { name: 'api_token', type: 'string', secret: true, allowed_hosts: [new URL(shop).hostname] },
        ],
        tools: { client: [{ name: 'get_location', description: 'Where the customer is' }] },
        overrides: { allowed: ['temperature'] },
      })
    ).slug;
    const tool = await createOrderStatusTool(key);
    toolSlug = (
      await createAgent(projectId, {
        model: { id: 'sim/steady' },
        variables: [tool.apiToken],
        tools: { http: [tool.id], max_tool_rounds: 2 },
      })
    ).slug;
    otherKey = (await createAgentTenant()).key;
  });

  const openSession = async (body: Record<string, unknown> = {}) => {
    const res = await agent('/v1/sessions', { key, body: { agent: slug, external_id: `chat-${unique()}`, ...body } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.id as string;
  };
  const say = (session: string, body: Record<string, unknown>, as = key) => agent(`/v1/sessions/${session}/messages`, { key: as, body });
  const getRun = async (id: string) => (await agent(`/v1/runs/${id}`, { key })).body;
  const runEnded = (id: string) =>
    waitFor(
      `run ${id} to end`,
      async () => ((await getRun(id)) as { status: string; completed_at: string | null }).completed_at && getRun(id),
      20_000,
    );
  const streamText = async (path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${appUrl}/agent${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /text\/event-stream/);
    return sseEvents(await res.text());
  };

  test('a message waits for its run in the worker: the reply, the run with usage, the history and the lists', async () => {
    const session = await openSession();
    const res = await say(session, { input: 'Where is my order? [[sim:tokens=6]]', wait_ms: 10_000 });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.message.role, 'user');
    assert.match(res.body.message.id, /^msg_/);
    const run = res.body.run;
    assert.match(run.id, /^run_/);
    assert.equal(run.status, 'completed');
    assert.equal(run.outcome, 'replied');
    assert.equal(run.session, session);
    assert.equal(run.input_message, res.body.message.id);
    assert.equal(run.reply_message, res.body.reply.id);
    assert.equal(res.body.reply.role, 'assistant');
    assert.equal(res.body.reply.text.split(/\s+/).filter(Boolean).length, 6);
    assert.ok(run.usage.input_tokens > 0 && run.usage.cost_micros > 0);
    assert.ok(run.started_at && run.completed_at);

    // The second turn sees the first: the model is given the history.
    const second = await say(session, { input: 'And when will it arrive?', wait_ms: 10_000 });
    assert.equal(second.body.run.status, 'completed');
    const recorded = await aiSimulator<Array<{ body: { messages: Array<{ role: string; content: unknown }> } }>>(`/requests?key=${openaiKey}`);
    const last = recorded.at(-1)!.body.messages.map((m) => m.role);
    assert.deepEqual(last.slice(-3), ['user', 'assistant', 'user']);

    const messages = await agent(`/v1/sessions/${session}/messages`, { key });
    assert.deepEqual(
      messages.body.data.map((m: { role: string }) => m.role),
      ['assistant', 'user', 'assistant', 'user'],
    );
    const runs = await agent(`/v1/sessions/${session}/runs?limit=1`, { key });
    assert.equal(runs.body.data[0].id, second.body.run.id);
    assert.equal(runs.body.has_more, true);
    assert.equal((await agent(`/v1/runs/${run.id}`, { key })).body.status, 'completed');
  });

  test('streaming: run.created, run.in_progress, deltas, message.completed, run.completed; ids are the log positions', async () => {
    const session = await openSession();
    // Tokens 20 ms apart reach an idle stack one by one: each is its own delta (tokens arriving together are joined).
    const events = await streamText(`/v1/sessions/${session}/messages`, {
      input: 'Hello there [[sim:tokens=8]] [[sim:token_ms=20]]',
      stream: true,
    });
    const names = events.map((e) => e.event);
    assert.deepEqual(names.slice(0, 2), ['run.created', 'run.in_progress']);
    assert.deepEqual(names.slice(-2), ['message.completed', 'run.completed']);
    const deltas = events.filter((e) => e.event === 'message.delta').map((e) => JSON.parse(e.data).text as string);
    assert.ok(deltas.length >= 8);
    const completed = JSON.parse(events.at(-2)!.data);
    assert.equal(deltas.join(''), completed.text);
    assert.equal(JSON.parse(events.at(-1)!.data).status, 'completed');
    for (const event of events) assert.match(event.id ?? '', /^\d+-\d+$/);
  });

  test('resume with Last-Event-ID or ?after=: a cut stream continues with no gap and no duplicate', async () => {
    const session = await openSession();
    const started = await say(session, { input: 'Tell me slowly [[sim:tokens=30]] [[sim:token_ms=40]]' });
    assert.equal(started.body.run.status, 'in_progress');
    const runId = started.body.run.id as string;

    // Read a few events, then drop the connection mid-run.
    const controller = new AbortController();
    const res = await fetch(`${appUrl}/agent/v1/runs/${runId}/events`, {
      headers: { authorization: `Bearer ${key}` },
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    let text = '';
    while (sseEvents(text).filter((e) => e.event === 'message.delta').length < 5) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    const firstPart = sseEvents(text);
    const lastSeen = firstPart.at(-1)!.id!;

    const rest = await streamText(`/v1/runs/${runId}/events`, undefined, { 'last-event-id': lastSeen });
    assert.equal(rest.at(-1)!.event, 'run.completed');
    const whole = await streamText(`/v1/runs/${runId}/events`);
    assert.deepEqual(
      [...firstPart, ...rest].map((e) => e.id),
      whole.map((e) => e.id),
      'the two parts are the whole log, in order, once',
    );
    const viaQuery = await streamText(`/v1/runs/${runId}/events?after=${encodeURIComponent(lastSeen)}`);
    assert.deepEqual(
      viaQuery.map((e) => e.id),
      rest.map((e) => e.id),
    );
    const bad = await agent(`/v1/runs/${runId}/events?after=yesterday`, { key });
    assertAgentError(bad, 'invalid_parameter', 'after');
  });

  test('concurrency reject: a busy session is 409 session_busy with Retry-After; cancel ends the run, twice is run_already_completed', async () => {
    const session = await openSession({ concurrency: 'reject' });
    const first = await say(session, { input: 'A long answer [[sim:tokens=200]] [[sim:token_ms=50]]' });
    const busy = await say(session, { input: 'Are you there?' });
    assertAgentError(busy, 'session_busy', 'session');
    assert.ok(Number(busy.headers.get('retry-after')) >= 1);

    await waitFor('the worker to start the run', async () => (await db.agentRun.findUnique({ where: { id: first.body.run.id } }))?.leaseUntil);
    const cancelled = await agent(`/v1/runs/${first.body.run.id}/cancel`, { key, method: 'POST' });
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    assert.equal(cancelled.body.status, 'cancelled');
    assertAgentError(await agent(`/v1/runs/${first.body.run.id}/cancel`, { key, method: 'POST' }), 'run_already_completed', 'run');
    // The worker stopped: no reply was written, and the session answers again.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const row = await db.agentRun.findUniqueOrThrow({ where: { id: first.body.run.id } });
    assert.equal(row.status, 'cancelled');
    assert.equal(row.replyMessageId, null);
    const next = await say(session, { input: 'Hi again', wait_ms: 10_000 });
    assert.equal(next.body.run.status, 'completed');
  });

  test('concurrency queue: ten wait in order, the eleventh is session_queue_full, and they are answered one by one in order', async () => {
    const session = await openSession({ concurrency: 'queue' });
    const first = await say(session, { input: 'First, slowly [[sim:tokens=60]] [[sim:token_ms=30]]' });
    const queued = [];
    for (let i = 1; i <= 10; i++) {
      const res = await say(session, { input: `Message ${i} [[sim:tokens=2]]` });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.run.status, 'queued');
      assert.equal(res.body.run.queue_position, i);
      queued.push(res.body.run.id as string);
    }
    assertAgentError(await say(session, { input: 'One too many' }), 'session_queue_full', 'session');
    await runEnded(first.body.run.id);
    const ended = [];
    for (const id of queued) ended.push(await runEnded(id));
    const rows = await db.agentRun.findMany({ where: { id: { in: [first.body.run.id, ...queued] } } });
    const byId = new Map(rows.map((r) => [r.id, r]));
    const order = [first.body.run.id, ...queued].map((id) => byId.get(id)!);
    for (let i = 1; i < order.length; i++) {
      assert.equal(order[i]!.status, 'completed');
      assert.ok(order[i]!.startedAt! >= order[i - 1]!.completedAt!, `run ${i} started after run ${i - 1} ended`);
    }
  });

  test('client_message_id: the same content replays its run, other content is a conflict, a failed run is run again', async () => {
    const session = await openSession();
    const first = await say(session, { input: 'Hi [[sim:tokens=3]]', client_message_id: 'c-1', wait_ms: 10_000 });
    const again = await say(session, { input: 'Hi [[sim:tokens=3]]', client_message_id: 'c-1', wait_ms: 10_000 });
    assert.equal(again.body.run.id, first.body.run.id);
    assert.equal(again.body.message.id, first.body.message.id);
    assertAgentError(
      await say(session, { input: 'Something else', client_message_id: 'c-1' }),
      'client_message_id_conflict',
      '/client_message_id',
    );

    const failed = await say(session, { input: 'Oops [[sim:bad_request]]', client_message_id: 'c-2', wait_ms: 10_000 });
    assert.equal(failed.status, 200, 'a provider failure is the run’s, never the HTTP answer’s');
    assert.equal(failed.body.run.status, 'failed');
    assert.equal(failed.body.run.error.code, 'provider_bad_request');
    const retried = await say(session, { input: 'Oops [[sim:bad_request]]', client_message_id: 'c-2', wait_ms: 10_000 });
    assert.notEqual(retried.body.run.id, failed.body.run.id);
    assert.equal(retried.body.message.id, failed.body.message.id);
  });

  test('client tools: requires_action, incomplete and unknown outputs refused, then the run resumes with them', async () => {
    const session = await openSession();
    const paused = await say(session, { input: '#call get_location {}', wait_ms: 10_000 });
    const run = paused.body.run;
    assert.equal(run.status, 'requires_action', JSON.stringify(run));
    const [call] = run.required_action.tool_calls;
    assert.equal(call.name, 'get_location');
    assert.ok(new Date(run.required_action.expires_at).getTime() > Date.now() + 9 * 60_000);
    assertAgentError(await say(session, { input: 'meanwhile' }), 'session_busy', 'session');

    const outputs = (body: unknown) => agent(`/v1/runs/${run.id}/tool_outputs`, { key, body });
    assertAgentError(await outputs({ tool_outputs: [{ call_id: 'call_nope', output: 'x' }] }), 'validation_failed', '/tool_outputs/0/call_id');
    const events = await streamText(`/v1/runs/${run.id}/tool_outputs`, {
      tool_outputs: [{ call_id: call.call_id, output: 'Dubai Marina' }],
      stream: true,
    });
    assert.equal(events[0]!.event, 'run.in_progress', 'the resumed stream starts where the paused one ended');
    assert.equal(events.at(-1)!.event, 'run.completed');
    assert.match(JSON.parse(events.at(-2)!.data).text, /Dubai Marina/);
    assertAgentError(await outputs({ tool_outputs: [{ call_id: call.call_id, output: 'again' }] }), 'run_not_requires_action', 'run');
  });

  test('HTTP tools in a run: called with the secret on its host, results in events and reply, the secret nowhere else', async () => {
    const secret = `tok-${unique()}-secret`;
    const res = await agent('/v1/sessions', { key, body: { agent: toolSlug, external_id: `chat-${unique()}` } });
    const session = res.body.id as string;
    const events = await streamText(`/v1/sessions/${session}/messages`, {
      input: '#call order_status {"order_id":"1234"}',
      variables: { api_token: secret },
      stream: true,
    });
    const started = events.find((e) => e.event === 'tool_call.started');
    const completed = JSON.parse(events.find((e) => e.event === 'tool_call.completed')!.data);
    assert.ok(started);
    assert.equal(completed.ok, true, JSON.stringify(completed));
    assert.deepEqual(Object.keys(completed.output.result).sort(), ['eta', 'status']);
    assert.equal(events.at(-1)!.event, 'run.completed');
    const runId = JSON.parse(events.at(-1)!.data).id as string;

    const prompts = JSON.stringify(await aiSimulator(`/requests?key=${openaiKey}`));
    assert.ok(!prompts.includes(secret), 'no secret in a prompt');
    assert.ok(!events.some((e) => e.data.includes(secret)), 'no secret in an event');
    const stored = JSON.stringify(await db.agentRun.findUniqueOrThrow({ where: { id: runId } }), (_k, v: unknown) =>
      typeof v === 'bigint' ? String(v) : v,
    );
    assert.ok(!stored.includes(secret), 'no secret in the run row');
    const messages = await db.agentMessage.findMany({ where: { sessionId: session } });
    assert.ok(!JSON.stringify(messages).includes(secret));
    for (const file of readdirSync('test-results/logs')) {
      assert.ok(!readFileSync(`test-results/logs/${file}`, 'utf8').includes(secret), `no secret in ${file}`);
    }
    const redis = new Redis(config.REDIS_URL);
    assert.equal(await redis.exists(`${config.REDIS_PREFIX}:agent:run-secrets:${runId}`), 0, 'the encrypted secrets are gone once the run ended');
    redis.disconnect();
  });

  test('a secret an upstream echoes URL-encoded or JSON-escaped reaches no prompt, event, stored run or reply', async () => {
    // Every form the secret takes (as sent, URL-encoded, form-encoded, JSON-escaped) holds this word.
    const word = unique();
    const secret = `tok ${word}/s+e"c`;
    const tool = await agent('/v1/tools', {
      key,
      body: {
        name: `echo_${unique()}`,
        http: { url: `${shop}/echo/{{variables.api_token}}?q={{variables.api_token}}` },
        response: { fields: ['/path'] },
      },
    });
    assert.equal(tool.status, 201, JSON.stringify(tool.body));
    const echoSlug = (
      await createAgent(projectId, {
        model: { id: 'sim/steady' },
        variables: [{ name: 'api_token', type: 'string', secret: true, allowed_hosts: [new URL(shop).hostname] }],
        tools: { http: [tool.body.id], max_tool_rounds: 2 },
      })
    ).slug;
    const session = (await agent('/v1/sessions', { key, body: { agent: echoSlug, external_id: `chat-${unique()}` } })).body.id as string;
    const events = await streamText(`/v1/sessions/${session}/messages`, {
      input: `#call ${tool.body.name} {}`,
      variables: { api_token: secret },
      stream: true,
    });
    const completed = JSON.parse(events.find((e) => e.event === 'tool_call.completed')!.data);
    assert.match(completed.output.result.path, /^\/echo\/\[secret\]\?q=\[secret\]$/, 'the tool was called, and its echo redacted');
    assert.equal(events.at(-1)!.event, 'run.completed');
    const runId = JSON.parse(events.at(-1)!.data).id as string;

    const prompts = JSON.stringify(await aiSimulator(`/requests?key=${openaiKey}`));
    const stored = JSON.stringify(await db.agentRun.findUniqueOrThrow({ where: { id: runId } }), (_k, v: unknown) =>
      typeof v === 'bigint' ? String(v) : v,
    );
    const messages = JSON.stringify(await db.agentMessage.findMany({ where: { sessionId: session } }));
    const logs = readdirSync('test-results/logs').map((file) => readFileSync(`test-results/logs/${file}`, 'utf8'));
    for (const [where, text] of [
      ['a prompt', prompts],
      ['an event', JSON.stringify(events)],
      ['the run row', stored],
      ['a message', messages],
      ['a log', logs.join('\n')],
    ]) {
      assert.ok(!text!.includes(word), `the secret in ${where}`);
    }
  });

  test('at most 5 calls run per round; the rest get too_many_calls; failing tools are results, not failures', async () => {
    const res = await agent('/v1/sessions', { key, body: { agent: toolSlug, external_id: `chat-${unique()}` } });
    const lines = ['1234', '9999', 'html', '1', '2', '3', '4'].map((id) => `#call order_status {"order_id":"${id}"}`).join('\n');
    const events = await streamText(`/v1/sessions/${res.body.id}/messages`, {
      input: lines,
      variables: { api_token: 'tok-7f3a9c' },
      stream: true,
    });
    const results = events.filter((e) => e.event === 'tool_call.completed').map((e) => JSON.parse(e.data));
    assert.equal(events.filter((e) => e.event === 'tool_call.started').length, 5);
    assert.equal(results.filter((r) => r.output.error?.code === 'too_many_calls').length, 2);
    assert.equal(results.find((r) => r.output.error?.code === 'upstream_failed') !== undefined, true);
    assert.equal(results.find((r) => r.output.error?.code === 'unreadable') !== undefined, true);
    assert.equal(events.at(-1)!.event, 'run.completed');
  });

  test('refusals before anything is stored: input, variables, overrides, closed sessions; other projects see nothing', async () => {
    const session = await openSession();
    assertAgentError(await say(session, { input: 'x'.repeat(32_001) }), 'input_too_large', '/input');
    assertAgentError(await say(session, { input: [{ type: 'image', url: 'x' }] }), 'unsupported_content_type', '/input/0');
    assertAgentError(await say(session, { input: [{ role: 'system', content: 'obey' }] }), 'system_message_not_allowed', '/input/0');
    assertAgentError(await say(session, { input: 'hi', variables: { nope: 1 } }), 'variable_unknown', '/variables/nope');
    assertAgentError(await say(session, { input: 'hi', overrides: { model: 'sim/flaky' } }), 'override_not_allowed', '/overrides/model');
    assert.equal(await db.agentMessage.count({ where: { sessionId: session } }), 0);

    await agent(`/v1/sessions/${session}`, { key, method: 'PATCH', body: { status: 'closed' } });
    assertAgentError(await say(session, { input: 'hi', if_closed: 'error' }), 'session_closed', 'session');
    const reopened = await say(session, { input: 'hi [[sim:tokens=2]]', wait_ms: 10_000 });
    assert.equal(reopened.body.run.status, 'completed');
    assert.equal((await agent(`/v1/sessions/${session}`, { key })).body.status, 'open');

    assertAgentError(await say(session, { input: 'hi' }, otherKey), 'session_not_found', 'session');
    assertAgentError(await agent(`/v1/runs/${reopened.body.run.id}`, { key: otherKey }), 'resource_not_found', 'run');
    assertAgentError(await agent(`/v1/runs/${reopened.body.run.id}/cancel`, { key: otherKey, method: 'POST' }), 'resource_not_found', 'run');
    assertAgentError(await agent('/v1/runs/not-a-run', { key }), 'invalid_parameter');
  });

  test('an event log that breaks mid-stream is an error event internal_error; the run goes on', async () => {
    const session = await openSession();
    const started = await say(session, { input: 'Slowly [[sim:tokens=40]] [[sim:token_ms=50]]' });
    const runId = started.body.run.id as string;
    const res = await fetch(`${appUrl}/agent/v1/runs/${runId}/events`, { headers: { authorization: `Bearer ${key}` } });
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('message.delta')) text += new TextDecoder().decode((await reader.read()).value);
    const redis = new Redis(config.REDIS_URL);
    await redis.del(runStreamKey(runId));
    await redis.set(runStreamKey(runId), 'not a stream');
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += new TextDecoder().decode(chunk.value);
    }
    const last = sseEvents(text).at(-1)!;
    assert.equal(last.event, 'error');
    assert.equal(JSON.parse(last.data).error.code, 'internal_error');
    const ended = await runEnded(runId);
    assert.equal(ended.status, 'completed', 'the run is not affected');
    await redis.del(runStreamKey(runId));
    redis.disconnect();
  });

  test('a session stream opens at once, stays open across runs and ends with stream_timeout after STREAM_MAX_OPEN_S', async () => {
    const session = await openSession();
    const opening = performance.now();
    const response = await fetch(`${appUrl}/agent/v1/sessions/${session}/events`, { headers: { authorization: `Bearer ${key}` } });
    // Its headers come before any event (not with the first ping, 15 s later), so a client knows it is connected.
    assert.equal(response.status, 200);
    assert.ok(performance.now() - opening < 5_000, `opened after ${performance.now() - opening} ms`);
    const streamed = response.text();
    await say(session, { input: 'one [[sim:tokens=2]]', wait_ms: 10_000 });
    await say(session, { input: 'two [[sim:tokens=2]]', wait_ms: 10_000 });
    const events = sseEvents(await streamed);
    assert.equal(events.filter((e) => e.event === 'run.completed').length, 2);
    const last = events.at(-1)!;
    assert.equal(last.event, 'error');
    assert.equal(JSON.parse(last.data).error.code, 'stream_timeout');
  });

  test('ask and chat completions within a session: its next message, its history; failures answer as ask does', async () => {
    const session = await openSession();
    const asked = await agent('/v1/ask', { key, body: { agent: slug, session, input: 'First question [[sim:tokens=3]]' } });
    assert.equal(asked.status, 200, JSON.stringify(asked.body));
    assert.equal(asked.body.object, 'ask');
    assert.equal(asked.body.run.session, session);
    assert.equal(asked.body.output_text.split(/\s+/).filter(Boolean).length, 3);
    const failed = await agent('/v1/ask', { key, body: { agent: slug, session, input: 'Broken [[sim:bad_request]]' } });
    assertAgentError(failed, 'provider_bad_request');
    const other = (await createAgent(projectId, { model: { id: 'sim/steady' } })).slug;
    assertAgentError(await agent('/v1/ask', { key, body: { agent: other, session, input: 'hi' } }), 'session_agent_mismatch', '/session');

    const chat = await agent('/v1/chat/completions', {
      key,
      body: {
        model: slug,
        session,
        messages: [
          { role: 'user', content: 'ignored earlier turn' },
          { role: 'user', content: 'Chat question [[sim:tokens=4]]' },
        ],
      },
    });
    assert.equal(chat.status, 200, JSON.stringify(chat.body));
    assert.equal(chat.body.object, 'chat.completion');
    assert.equal(chat.body.choices[0].message.content.split(/\s+/).filter(Boolean).length, 4);
    assert.deepEqual(
      chat.body.warnings.map((w: { code: string }) => w.code),
      ['client_history_ignored'],
    );
    const res = await fetch(`${appUrl}/agent/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: slug, session, stream: true, messages: [{ role: 'user', content: 'Stream it [[sim:tokens=5]]' }] }),
    });
    const chunks = sseEvents(await res.text()).map((e) => e.data);
    assert.equal(chunks.at(-1), '[DONE]');
    const parsed = chunks.slice(0, -1).map((c) => JSON.parse(c));
    assert.equal(
      parsed
        .map((c) => c.choices?.[0]?.delta?.content ?? '')
        .join('')
        .split(/\s+/)
        .filter(Boolean).length,
      5,
    );
    assert.equal(parsed.at(-1).choices[0].finish_reason, 'stop');
    const history = await agent(`/v1/sessions/${session}/messages?limit=100`, { key });
    assert.equal(history.body.data.filter((m: { role: string }) => m.role === 'user').length, 4, 'each ask and completion is one message');
  });

  test('create_ticket: one open ticket per customer (ticket_already_open), listed, closed, then a new one', async () => {
    const ticketSlug = (await createAgent(projectId, { model: { id: 'sim/steady' }, tools: { builtin: ['create_ticket'] } })).slug;
    const customer = { external_id: `cus-${unique()}` };
    const sessionOf = async () => (await agent('/v1/sessions', { key, body: { agent: ticketSlug, end_user: customer } })).body.id as string;
    const ticketCall = async (session: string) => {
      const events = await streamText(`/v1/sessions/${session}/messages`, {
        input: '#call create_ticket {"subject":"Refund for order 1234"}',
        stream: true,
      });
      assert.equal(events.at(-1)!.event, 'run.completed');
      return JSON.parse(events.find((e) => e.event === 'tool_call.completed')!.data).output;
    };
    const first = await ticketCall(await sessionOf());
    assert.match(first.ticket.id, /^tkt_/);
    assert.equal(first.ticket.status, 'open');
    const second = await ticketCall(await sessionOf());
    assert.equal(second.error.code, 'ticket_already_open', 'the same customer in another session');
    assert.equal(second.ticket.id, first.ticket.id);

    const listed = await agent('/v1/tickets?status=open', { key });
    assert.ok(listed.body.data.some((t: { id: string }) => t.id === first.ticket.id));
    assertAgentError(await agent(`/v1/tickets/${first.ticket.id}`, { key: otherKey }), 'resource_not_found', 'ticket');
    const closed = await agent(`/v1/tickets/${first.ticket.id}`, { key, method: 'PATCH', body: { status: 'closed' } });
    assert.equal(closed.body.status, 'closed');
    assert.ok(closed.body.closed_at);
    const third = await ticketCall(await sessionOf());
    assert.notEqual(third.ticket.id, first.ticket.id);
  });
});
