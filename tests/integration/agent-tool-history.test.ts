import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { aiSimulator, createAgent, createOrderStatusTool, createSimulatedTenant } from '../agent-factories';
import { agent } from '../support/agent-api';

interface ListedMessage {
  id: string;
  role: string;
  text: string;
  run: string | null;
  call_id?: string;
  name?: string;
  output?: string;
}

/**
 * Tool results are part of a session's history (API reference, /agent/docs): each call's result is a
 * `role: tool` message with its call id, tool name and the output the model read, neutral codes
 * included, in the order they happened, secrets redacted; client tools' outputs too.
 */
describe('/agent/v1 tool results in the session history', () => {
  let key: string;
  let openaiKey: string;
  let slug: string;
  const unique = () => Math.random().toString(36).slice(2, 10);

  before(async () => {
    const tenant = await createSimulatedTenant();
    ({ key, openaiKey } = tenant);
    const tool = await createOrderStatusTool(key);
    slug = (
      await createAgent(tenant.project.id, {
        model: { id: 'sim/steady' },
        variables: [tool.apiToken],
        tools: {
          http: [tool.id],
          builtin: ['handoff', 'create_ticket'],
          client: [{ name: 'get_location', description: 'Where the customer is' }],
        },
      })
    ).slug;
  });

  const openSession = async () => {
    const res = await agent('/v1/sessions', { key, body: { agent: slug, external_id: `chat-${unique()}`, concurrency: 'queue' } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.id as string;
  };
  const say = (session: string, body: Record<string, unknown>) =>
    agent(`/v1/sessions/${session}/messages`, { key, body: { wait_ms: 10_000, ...body } });
  /** The session's history, oldest first (the list is newest first). */
  const history = async (session: string): Promise<ListedMessage[]> => {
    const res = await agent(`/v1/sessions/${session}/messages?limit=100`, { key });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return (res.body.data as ListedMessage[]).reverse();
  };
  const codeOf = (message: ListedMessage) => (JSON.parse(message.output!) as { error?: { code: string } }).error?.code;
  /** The tool results the model was last given, as [call id, output]. */
  const lastToolTurns = async () => {
    const recorded = await aiSimulator<Array<{ body: { messages: Array<{ role: string; tool_call_id?: string; content: unknown }> } }>>(
      `/requests?key=${openaiKey}`,
    );
    return recorded
      .at(-1)!
      .body.messages.filter((m) => m.role === 'tool')
      .map((m) => [m.tool_call_id, m.content]);
  };

  test('each result is a tool message in call order, as the model read it: failures, too_many_calls, secrets redacted', async () => {
    const session = await openSession();
    const secret = `tok-${unique()}-secret`;
    const lines = ['1234', '9999', 'html', '1', '2', '3', '4'].map((id) => `#call order_status {"order_id":"${id}"}`).join('\n');
    const res = await say(session, { input: lines, variables: { api_token: secret } });
    assert.equal(res.body.run.status, 'completed', JSON.stringify(res.body));

    const messages = await history(session);
    assert.deepEqual(
      messages.map((m) => m.role),
      ['user', ...Array(7).fill('tool'), 'assistant'],
    );
    const tools = messages.filter((m) => m.role === 'tool');
    for (const message of tools) {
      assert.equal(message.name, 'order_status');
      assert.equal(message.run, res.body.run.id);
      assert.match(message.call_id ?? '', /\S/);
    }
    assert.deepEqual(
      tools.map((m) => [m.call_id, m.output]),
      await lastToolTurns(),
      'the outputs the model read, in the order it read them',
    );
    assert.deepEqual(tools.map(codeOf), [undefined, 'upstream_failed', 'unreadable', undefined, undefined, 'too_many_calls', 'too_many_calls']);
    assert.ok(!JSON.stringify(messages).includes(secret), 'no secret in the history');
  });

  test('handoff: the other calls of the round read handed_off; a second ticket reads ticket_already_open', async () => {
    const session = await openSession();
    const first = await say(session, { input: '#call create_ticket {"subject":"Refund for order 1234"}' });
    assert.equal(first.body.run.status, 'completed', JSON.stringify(first.body));
    const second = await say(session, { input: '#call create_ticket {"subject":"Refund again"}' });
    assert.equal(second.body.run.status, 'completed', JSON.stringify(second.body));
    const handedOff = await say(session, { input: '#call order_status {"order_id":"1234"}\n#call handoff {"reason":"wants a person"}' });
    assert.equal(handedOff.body.run.outcome, 'handed_off', JSON.stringify(handedOff.body));

    const messages = await history(session);
    assert.deepEqual(
      messages.map((m) => `${m.role}${m.name ? `:${m.name}` : ''}`),
      [
        'user',
        'tool:create_ticket',
        'assistant',
        'user',
        'tool:create_ticket',
        'assistant',
        'user',
        'tool:order_status',
        'tool:handoff',
        'assistant',
      ],
    );
    const tools = messages.filter((m) => m.role === 'tool');
    assert.equal(codeOf(tools[0]!), undefined);
    assert.equal(codeOf(tools[1]!), 'ticket_already_open');
    assert.equal(codeOf(tools[2]!), 'handed_off');
    assert.deepEqual(JSON.parse(tools[3]!.output!), { status: 'handed_off' });
  });

  test("a client tool's output, submitted with tool_outputs, is a tool message between the question and the answer", async () => {
    const session = await openSession();
    const secret = `tok-${unique()}-secret`;
    const paused = await say(session, { input: '#call get_location {}', variables: { api_token: secret } });
    const run = paused.body.run;
    assert.equal(run.status, 'requires_action', JSON.stringify(run));
    const [call] = run.required_action.tool_calls;
    const resumed = await agent(`/v1/runs/${run.id}/tool_outputs`, {
      key,
      body: { tool_outputs: [{ call_id: call.call_id, output: `Dubai Marina (${secret})` }] },
    });
    assert.equal(resumed.status, 200, JSON.stringify(resumed.body));

    let messages: ListedMessage[] = [];
    for (let i = 0; i < 100 && !messages.some((m) => m.role === 'assistant'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      messages = await history(session);
    }
    assert.deepEqual(
      messages.map((m) => m.role),
      ['user', 'tool', 'assistant'],
    );
    const tool = messages[1]!;
    assert.deepEqual([tool.call_id, tool.name, tool.run], [call.call_id, 'get_location', run.id]);
    assert.equal(tool.output, 'Dubai Marina ([secret])', 'the secret redacted, as the model read it');
    assert.deepEqual(await lastToolTurns(), [[call.call_id, 'Dubai Marina ([secret])']]);
  });
});
