import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionToolChoiceOption } from 'openai/resources/chat/completions';
import { config } from '@/server/config';
import { db } from '@/server/db';
import { aiSimulator, agentCall, createAgent, createAgentTenant, createCredential, simKey } from '../agent-factories';

/**
 * The official `openai` SDK as a client of POST /v1/chat/completions and GET /v1/models
 * (agent-api reference: chat completions speak OpenAI's dialect), so its standard loops keep working.
 */
const getLocation = {
  name: 'get_location',
  description: 'Where the customer is',
  parameters: { type: 'object' as const, properties: { precision: { type: 'string' } } },
};

async function projectWithAgent(agentConfig: Record<string, unknown> = {}) {
  const tenant = await createAgentTenant();
  const openaiKey = simKey();
  await createCredential(tenant.project.id, { provider: 'openai', api_key: openaiKey });
  const agent = await createAgent(tenant.project.id, {
    model: { id: 'sim/steady' },
    tools: { client: [getLocation] },
    ...agentConfig,
  });
  const client = new OpenAI({ baseURL: `${config.AGENT_API_BASE_URL}/v1`, apiKey: tenant.key });
  return { ...tenant, agent, client, openaiKey };
}

const simRequests = (key: string) => aiSimulator<Array<{ body: Record<string, unknown> }>>(`/requests?key=${key}`);
const runIdOf = (completionId: string) => completionId.replace(/^chatcmpl-/, '');

describe('chat completions through the official openai SDK', () => {
  let p: Awaited<ReturnType<typeof projectWithAgent>>;

  before(async () => {
    p = await projectWithAgent({ overrides: { allowed: ['temperature', 'max_reply_tokens'], models: [] } });
  });

  test('plain create, with the parameters SDKs send passed on to the model', async () => {
    const completion = await p.client.chat.completions.create({
      model: p.agent.slug,
      messages: [{ role: 'user', content: 'Hello there friend, how are you today?' }],
      max_completion_tokens: 3,
      temperature: 0.2,
      top_p: 0.9,
      stop: ['never-in-the-reply'],
      seed: 7,
      presence_penalty: 0.1,
      frequency_penalty: 0.2,
      user: 'customer-1',
      metadata: { order: '1234' },
      store: false,
      parallel_tool_calls: true,
    });
    assert.equal(completion.object, 'chat.completion');
    assert.equal(completion.model, p.agent.slug);
    assert.equal(completion.choices[0]!.finish_reason, 'length');
    assert.equal(completion.choices[0]!.message.content!.split(/\s+/).length, 3);
    assert.ok(completion.usage!.total_tokens > 0);
    const sent = (await simRequests(p.openaiKey)).at(-1)!.body;
    assert.equal(sent.top_p, 0.9);
    assert.deepEqual(sent.stop, ['never-in-the-reply']);
    assert.equal(sent.seed, 7);
    assert.equal(sent.presence_penalty, 0.1);
    assert.equal(sent.frequency_penalty, 0.2);
    assert.equal(sent.temperature, 0.2);
  });

  test('stop ends the reply before the stop sequence', async () => {
    const completion = await p.client.chat.completions.create({
      model: p.agent.slug,
      messages: [{ role: 'user', content: 'one two three four' }],
      stop: 'three',
    });
    assert.equal(completion.choices[0]!.message.content, 'You said: one two');
    assert.equal(completion.choices[0]!.finish_reason, 'stop');
  });

  test('streamed with stream_options.include_usage: the usage chunk arrives last', async () => {
    const stream = await p.client.chat.completions.create({
      model: p.agent.slug,
      messages: [{ role: 'user', content: 'hello [[sim:tokens=6]]' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    assert.equal(text, 'w1 w2 w3 w4 w5 w6');
    assert.equal(chunks.findLast((c) => c.choices.length > 0)!.choices[0]!.finish_reason, 'stop');
    const last = chunks.at(-1)!;
    assert.deepEqual(last.choices, []);
    assert.ok(last.usage!.prompt_tokens > 0 && last.usage!.completion_tokens > 0);
  });

  test('a parameter the agent does not let requests set is override_not_allowed naming it', async () => {
    const strict = await projectWithAgent();
    const refused = await agentCall(strict.key, 'POST', '/v1/chat/completions', {
      model: strict.agent.slug,
      messages: [{ role: 'user', content: 'hi' }],
      max_tokens: 5,
    });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.error.code, 'override_not_allowed');
    assert.equal(refused.body.error.param, '/max_tokens');
  });

  test('what cannot be honoured is unsupported_parameter', async () => {
    for (const [extra, param] of [
      [{ modalities: ['text', 'audio'] }, 'modalities'],
      [{ audio: { voice: 'alloy', format: 'mp3' } }, 'audio'],
      [{ top_logprobs: 2 }, 'top_logprobs'],
    ] as const) {
      const res = await agentCall(p.key, 'POST', '/v1/chat/completions', {
        model: p.agent.slug,
        messages: [{ role: 'user', content: 'hi' }],
        ...extra,
      });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.error.code, 'unsupported_parameter');
      assert.equal(res.body.error.param, param);
    }
  });

  test('multi-turn: the SDK sends its own previous answer back as history (refusal: null and all)', async () => {
    const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: 'first question' }];
    const first = await p.client.chat.completions.create({ model: p.agent.slug, messages });
    assert.equal(first.choices[0]!.message.refusal, null);
    messages.push(first.choices[0]!.message, { role: 'user', content: [{ type: 'text', text: 'second question' }] });
    const second = await p.client.chat.completions.create({ model: p.agent.slug, messages });
    assert.equal(second.choices[0]!.message.content, 'You said: second question');
    const sent = (await simRequests(p.openaiKey)).at(-1)!.body.messages as Array<{ role: string; content: unknown }>;
    assert.deepEqual(
      sent.map((m) => m.role),
      ['user', 'assistant', 'user'],
    );
    assert.equal(sent[1]!.content, 'You said: first question');
  });

  test('the tool-call loop by hand: tool_calls out, role tool back, the same run answers', async () => {
    const tools = [{ type: 'function' as const, function: getLocation }];
    const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: '#call get_location {"precision":"city"}' }];
    const first = await p.client.chat.completions.create({ model: p.agent.slug, messages, tools });
    const choice = first.choices[0]!;
    assert.equal(choice.finish_reason, 'tool_calls');
    const call = choice.message.tool_calls![0]!;
    assert.ok(call.type === 'function');
    assert.match(call.id, /^call_/);
    assert.equal(call.function.name, 'get_location');
    assert.deepEqual(JSON.parse(call.function.arguments), { precision: 'city' });
    const runId = runIdOf(first.id);
    assert.equal((await db.agentRun.findUniqueOrThrow({ where: { id: runId } })).status, 'requires_action');

    messages.push(choice.message, { role: 'tool', tool_call_id: call.id, content: 'Dubai Marina' });
    const second = await p.client.chat.completions.create({ model: p.agent.slug, messages, tools });
    assert.equal(second.choices[0]!.finish_reason, 'stop');
    assert.equal(second.choices[0]!.message.content, 'Tool get_location returned: Dubai Marina');
    assert.equal(runIdOf(second.id), runId, 'the waiting run continued');
    const run = await db.agentRun.findUniqueOrThrow({ where: { id: runId } });
    assert.equal(run.status, 'completed');
    assert.equal(run.outputText, 'Tool get_location returned: Dubai Marina');

    // The finished loop sent back again is history: a new run answers the next question with it.
    messages.push(second.choices[0]!.message, { role: 'user', content: 'thanks' });
    const third = await p.client.chat.completions.create({ model: p.agent.slug, messages, tools });
    assert.notEqual(runIdOf(third.id), runId);
    assert.equal(third.choices[0]!.message.content, 'You said: thanks');
    const sent = (await simRequests(p.openaiKey)).at(-1)!.body.messages as Array<{ role: string; tool_call_id?: string }>;
    assert.deepEqual(
      sent.map((m) => m.role),
      ['user', 'assistant', 'tool', 'assistant', 'user'],
    );
    assert.equal(sent[2]!.tool_call_id, call.id);
  });

  test("a waiting run's calls must all be answered, named by the messages", async () => {
    const tools = [{ type: 'function' as const, function: getLocation }];
    const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: '#call get_location {"precision":"city"}\n#call get_location {}' }];
    const first = await p.client.chat.completions.create({ model: p.agent.slug, messages, tools });
    const [call] = first.choices[0]!.message.tool_calls!;
    assert.equal(first.choices[0]!.message.tool_calls!.length, 2);
    messages.push(first.choices[0]!.message, { role: 'tool', tool_call_id: call!.id, content: 'Dubai' });
    const res = await agentCall(p.key, 'POST', '/v1/chat/completions', { model: p.agent.slug, messages, tools });
    assert.equal(res.status, 422, JSON.stringify(res.body));
    assert.equal(res.body.error.code, 'tool_outputs_incomplete');
    assert.equal(res.body.error.param, '/messages');
    assert.equal((await db.agentRun.findUniqueOrThrow({ where: { id: runIdOf(first.id) } })).status, 'requires_action', 'still waiting');
  });

  test('a tool message must answer an earlier call', async () => {
    const res = await agentCall(p.key, 'POST', '/v1/chat/completions', {
      model: p.agent.slug,
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'tool', tool_call_id: 'call_nowhere', content: 'x' },
      ],
    });
    assert.equal(res.status, 422, JSON.stringify(res.body));
    assert.equal(res.body.error.code, 'validation_failed');
    assert.equal(res.body.error.param, '/messages/1/tool_call_id');
  });

  test('user, metadata and store are recorded on the run', async () => {
    const completion = await p.client.chat.completions.create({
      model: p.agent.slug,
      messages: [{ role: 'user', content: 'hi' }],
      user: 'customer-7',
      metadata: { order: '1234' },
      store: true,
    });
    const run = await db.agentRun.findUniqueOrThrow({ where: { id: runIdOf(completion.id) } });
    assert.deepEqual(run.options, { recorded: { user: 'customer-7', metadata: { order: '1234' }, store: true } });
  });

  test('response_format json_object reaches a model with JSON mode; a model without it is unsupported_parameter', async () => {
    await p.client.chat.completions.create({
      model: p.agent.slug,
      messages: [{ role: 'user', content: 'as JSON please' }],
      response_format: { type: 'json_object' },
    });
    assert.deepEqual((await simRequests(p.openaiKey)).at(-1)!.body.response_format, { type: 'json_object' });

    const claude = await projectWithAgent({ model: { id: 'anthropic/claude-haiku-4-5' } });
    await createCredential(claude.project.id, { provider: 'anthropic', api_key: simKey() });
    const refused = await agentCall(claude.key, 'POST', '/v1/chat/completions', {
      model: claude.agent.slug,
      messages: [{ role: 'user', content: 'as JSON please' }],
      response_format: { type: 'json_object' },
    });
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.equal(refused.body.error.code, 'unsupported_parameter');
    assert.equal(refused.body.error.param, 'response_format');
  });

  test('streamed tool calls arrive as tool_calls deltas', async () => {
    const stream = p.client.chat.completions.stream({
      model: p.agent.slug,
      messages: [{ role: 'user', content: '#call get_location {"precision":"street"}' }],
      tools: [{ type: 'function', function: getLocation }],
    });
    const final = await stream.finalChatCompletion();
    assert.equal(final.choices[0]!.finish_reason, 'tool_calls');
    const call = final.choices[0]!.message.tool_calls![0]!;
    assert.ok(call.type === 'function');
    assert.equal(call.function.name, 'get_location');
    assert.deepEqual(JSON.parse(call.function.arguments), { precision: 'street' });
  });

  test('runTools: the SDK runs the tool and the agent answers with its result', async () => {
    const runner = p.client.chat.completions.runTools({
      model: p.agent.slug,
      messages: [{ role: 'user', content: '#call get_location {"precision":"city"}' }],
      tools: [
        {
          type: 'function',
          function: { ...getLocation, function: (args: { precision: string }) => `Abu Dhabi (${args.precision})`, parse: JSON.parse },
        },
      ],
    });
    assert.equal(await runner.finalContent(), 'Tool get_location returned: Abu Dhabi (city)');
  });

  const askWithTools = (content: string, toolChoice: ChatCompletionToolChoiceOption) =>
    p.client.chat.completions.create({
      model: p.agent.slug,
      messages: [{ role: 'user', content }],
      tools: [{ type: 'function', function: getLocation }],
      tool_choice: toolChoice,
    });

  test('tool_choice none is passed on and obeyed; a request without tools offers none of the agent’s client tools', async () => {
    const none = await askWithTools('#call get_location {}', 'none');
    assert.equal(none.choices[0]!.finish_reason, 'stop');
    assert.equal((await simRequests(p.openaiKey)).at(-1)!.body.tool_choice, 'none');

    const bare = await p.client.chat.completions.create({ model: p.agent.slug, messages: [{ role: 'user', content: '#call get_location {}' }] });
    assert.equal(bare.choices[0]!.finish_reason, 'stop');
    assert.ok(bare.choices[0]!.message.content);
    assert.equal((await simRequests(p.openaiKey)).at(-1)!.body.tools, undefined);
    assert.equal((await db.agentRun.findUniqueOrThrow({ where: { id: runIdOf(bare.id) } })).status, 'completed');
  });

  test('a named tool_choice and required are passed on; an undeclared tool is tool_not_declared', async () => {
    const named = await askWithTools('where am I?', { type: 'function', function: { name: 'get_location' } });
    assert.equal(named.choices[0]!.finish_reason, 'tool_calls');
    assert.deepEqual((await simRequests(p.openaiKey)).at(-1)!.body.tool_choice, { type: 'function', function: { name: 'get_location' } });
    const required = await askWithTools('where am I?', 'required');
    assert.equal(required.choices[0]!.finish_reason, 'tool_calls');

    const undeclared = await agentCall(p.key, 'POST', '/v1/chat/completions', {
      model: p.agent.slug,
      messages: [{ role: 'user', content: 'hi' }],
      tools: [{ type: 'function', function: { name: 'delete_everything', parameters: { type: 'object' } } }],
    });
    assert.equal(undeclared.status, 400);
    assert.equal(undeclared.body.error.code, 'tool_not_declared');
    assert.equal(undeclared.body.error.param, '/tools/0/function/name');
  });

  test('a refusal is answered once, with x-should-retry: false, and the SDK does not retry it', async () => {
    const refusing = await projectWithAgent();
    const error = await refusing.client.chat.completions
      .create({ model: refusing.agent.slug, messages: [{ role: 'user', content: 'no [[sim:refusal]]' }] })
      .then(
        () => assert.fail('a refusal is an error'),
        (e: unknown) => e,
      );
    assert.ok(error instanceof OpenAI.APIError);
    assert.equal(error.status, 502);
    assert.equal(error.code, 'provider_refusal');
    assert.equal(error.headers?.get('x-should-retry'), 'false');
    assert.equal(await db.agentRun.count({ where: { agentId: refusing.agent.id } }), 1);
    assert.equal((await simRequests(refusing.openaiKey)).length, 1);
  });
});

describe('models through the official openai SDK', () => {
  test('models.list() entries are OpenAI models, and models.retrieve(id) answers each', async () => {
    const { client } = await projectWithAgent();
    const models = [];
    for await (const model of client.models.list()) models.push(model);
    assert.ok(models.length > 0);
    for (const model of models) {
      assert.equal(model.object, 'model');
      assert.equal(typeof model.created, 'number');
      assert.ok(model.owned_by);
    }
    const retrieved = await client.models.retrieve(models[0]!.id);
    assert.deepEqual(retrieved, models[0]);
    const missing = await client.models.retrieve('nope/nothing').then(
      () => assert.fail('an unknown model is 404'),
      (e: unknown) => e,
    );
    assert.ok(missing instanceof OpenAI.NotFoundError);
  });
});
