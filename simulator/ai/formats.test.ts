import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { RunningAiSimulator } from './server';
import { anthropicClient, freshKey, openaiClient, startForTest } from './test-support';

/**
 * Each wire format's own shapes: tool results in the input (quoted back), system prompts as
 * blocks, and the SDKs' stream helpers, whose accumulators check the event order strictly.
 */

let sim: RunningAiSimulator;
before(async () => (sim = await startForTest()));
after(() => sim.close());

const RESULT = '{"status":"shipped","eta":"2 days"}';

describe('OpenAI Chat Completions', () => {
  const history = (question: string) => [
    { role: 'user' as const, content: question },
    {
      role: 'assistant' as const,
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function' as const, function: { name: 'order_status', arguments: '{"order_id":"1234"}' } }],
    },
    { role: 'tool' as const, tool_call_id: 'call_1', content: RESULT },
  ];

  test('quotes the tool result that ends the input, in the customer language', async () => {
    const client = openaiClient(sim.url, freshKey());
    const english = await client.chat.completions.create({
      model: 'sim/steady',
      messages: history('Where is order 1234? #call order_status {}'),
    });
    assert.equal(english.choices[0]!.message.content, `Tool order_status returned: ${RESULT}`);
    assert.equal(english.choices[0]!.finish_reason, 'stop');
    const arabic = await client.chat.completions.create({ model: 'sim/steady', messages: history('أين طلبي 1234') });
    assert.equal(arabic.choices[0]!.message.content, `أعادت الأداة order_status: ${RESULT}`);
  });

  test("a scenario answers its tool's result in words, and quotes a result that does not fit", async () => {
    const client = openaiClient(sim.url, freshKey());
    const ask = async (question: string, result: string) => {
      const messages = history(question).map((m) => (m.role === 'tool' ? { ...m, content: result } : m));
      const answer = await client.chat.completions.create({
        model: 'sim/steady',
        messages: [{ role: 'system', content: 'SIM-SCENARIO: acme' }, ...messages],
      });
      return answer.choices[0]!.message.content;
    };
    const order = '{"result":{"id":"1234","status":"out for delivery","eta":"2026-12-01"}}';
    assert.equal(await ask('Where is order 1234?', order), 'Your order 1234 is out for delivery. Expected delivery date: 2026-12-01.');
    assert.equal(await ask('أين طلبي 1234', order), 'حالة طلبك رقم 1234: out for delivery. تاريخ التسليم المتوقع: 2026-12-01.');
    const failed = '{"error":{"code":"upstream_failed","status":500}}';
    assert.equal(await ask('Where is order 1234?', failed), `Tool order_status returned: ${failed}`);
    assert.equal(await ask('Where is order 1234?', 'not json'), 'Tool order_status returned: not json');
  });

  test('tool_choice and stop are obeyed', async () => {
    const client = openaiClient(sim.url, freshKey());
    const tools = ['lookup', 'locate'].map((name) => ({ type: 'function' as const, function: { name, parameters: { type: 'object' } } }));
    const ask = (content: string, extra: object) =>
      client.chat.completions.create({ model: 'sim/steady', messages: [{ role: 'user', content }], tools, ...extra });
    const calls = async (content: string, extra: object) =>
      (await ask(content, extra)).choices[0]!.message.tool_calls?.map((c) => c.type === 'function' && [c.function.name, c.function.arguments]);
    const none = await ask('#call lookup {"q":1}', { tool_choice: 'none' });
    assert.equal(none.choices[0]!.message.content, 'You said: #call lookup {"q":1}');
    assert.deepEqual(await calls('hello', { tool_choice: 'required' }), [['lookup', '{}']]);
    assert.deepEqual(await calls('#call lookup {"q":1}', { tool_choice: 'required' }), [['lookup', '{"q":1}']]);
    assert.deepEqual(
      await calls('#call lookup {"q":1}\n#call locate {"p":2}', { tool_choice: { type: 'function', function: { name: 'locate' } } }),
      [['locate', '{"p":2}']],
    );
    assert.deepEqual(await calls('hello', { tool_choice: { type: 'function', function: { name: 'locate' } } }), [['locate', '{}']]);
    const stopped = await client.chat.completions.create({
      model: 'sim/steady',
      messages: [{ role: 'user', content: 'one two three four' }],
      stop: ['four', 'three'],
    });
    assert.equal(stopped.choices[0]!.message.content, 'You said: one two');
    assert.equal(stopped.choices[0]!.finish_reason, 'stop');
  });

  test('the stream helper accumulates text and parallel tool calls', async () => {
    const client = openaiClient(sim.url, freshKey());
    const text = await client.chat.completions
      .stream({ model: 'sim/steady', messages: [{ role: 'user', content: 'hi there' }] })
      .finalChatCompletion();
    assert.equal(text.choices[0]!.message.content, 'You said: hi there');
    const calls = await client.chat.completions
      .stream({ model: 'sim/steady', messages: [{ role: 'user', content: '#call a {"x":1}\n#call b {"y":"some longer text"}' }] })
      .finalChatCompletion();
    assert.deepEqual(
      calls.choices[0]!.message.tool_calls?.map((c) => c.type === 'function' && [c.function.name, c.function.arguments]),
      [
        ['a', '{"x":1}'],
        ['b', '{"y":"some longer text"}'],
      ],
    );
  });

  test('a refusal streams in the `refusal` field', async () => {
    const stream = await openaiClient(sim.url, freshKey()).chat.completions.create({
      model: 'x',
      stream: true,
      messages: [{ role: 'user', content: '[[sim:refusal]]' }],
    });
    let refusal = '';
    let content = '';
    for await (const chunk of stream) {
      refusal += chunk.choices[0]?.delta.refusal ?? '';
      content += chunk.choices[0]?.delta.content ?? '';
    }
    assert.equal(refusal, "I'm sorry, but I can't help with that request.");
    assert.equal(content, '');
  });

  test('usage comes only when asked for, in a last chunk without choices', async () => {
    const stream = await openaiClient(sim.url, freshKey()).chat.completions.create({
      model: 'x',
      stream: true,
      messages: [{ role: 'user', content: 'abc' }],
    });
    for await (const chunk of stream) assert.equal(chunk.usage ?? undefined, undefined);
  });
});

describe('OpenAI Responses', () => {
  test('quotes function_call_output items, with instructions and message items in the input', async () => {
    const client = openaiClient(sim.url, freshKey());
    const response = await client.responses.create({
      model: 'sim/steady',
      instructions: 'SIM-SCENARIO: acme',
      input: [
        { role: 'user', content: [{ type: 'input_text', text: 'Where is order 1234?' }] },
        { type: 'function_call', call_id: 'call_9', name: 'order_status', arguments: '{"order_id":"1234"}' },
        { type: 'function_call_output', call_id: 'call_9', output: RESULT },
      ],
    });
    assert.equal(response.output_text, `Tool order_status returned: ${RESULT}`);
    const chars = 'SIM-SCENARIO: acme'.length + 'Where is order 1234?'.length + '{"order_id":"1234"}'.length + RESULT.length;
    assert.equal(response.usage?.input_tokens, Math.ceil(chars / 4));
  });

  test('the stream helper accepts the events (text, refusal, function calls)', async () => {
    const client = openaiClient(sim.url, freshKey());
    const text = await client.responses.stream({ model: 'x', input: 'hello world' }).finalResponse();
    assert.equal(text.output_text, 'You said: hello world');
    const refusal = await client.responses.stream({ model: 'x', input: '[[sim:refusal]]' }).finalResponse();
    assert.deepEqual(refusal.output[0]?.type === 'message' && refusal.output[0].content[0]?.type, 'refusal');
    const calls = await client.responses.stream({ model: 'x', input: '#call a {}\n#call b {"q":"two words"}' }).finalResponse();
    assert.deepEqual(
      calls.output.map((item) => item.type === 'function_call' && [item.name, item.arguments]),
      [
        ['a', '{}'],
        ['b', '{"q":"two words"}'],
      ],
    );
  });

  test('events carry sequence numbers from 0 and the documented order', async () => {
    const stream = await openaiClient(sim.url, freshKey()).responses.create({ model: 'x', input: 'one two', stream: true });
    const types: string[] = [];
    for await (const event of stream) {
      assert.equal(event.sequence_number, types.length);
      types.push(event.type);
    }
    assert.deepEqual(types, [
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
  });
});

describe('Anthropic Messages', () => {
  test('quotes tool_result blocks, with a system prompt given as blocks', async () => {
    const message = await anthropicClient(sim.url, freshKey()).messages.create({
      model: 'sim/steady',
      max_tokens: 200,
      system: [{ type: 'text', text: 'SIM-SCENARIO: acme' }],
      messages: [
        { role: 'user', content: 'أين طلبي 1234' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'order_status', input: { order_id: '1234' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: RESULT }] }] },
      ],
    });
    assert.deepEqual(message.content, [{ type: 'text', text: `أعادت الأداة order_status: ${RESULT}` }]);
    assert.equal(message.stop_reason, 'end_turn');
  });

  test('the stream helper accumulates text and tool_use input', async () => {
    const client = anthropicClient(sim.url, freshKey());
    const text = await client.messages
      .stream({ model: 'x', max_tokens: 50, messages: [{ role: 'user', content: 'hello world' }] })
      .finalMessage();
    assert.deepEqual(text.content, [{ type: 'text', text: 'You said: hello world' }]);
    const call = await client.messages
      .stream({ model: 'x', max_tokens: 50, messages: [{ role: 'user', content: '#call lookup {"order_id":"1234","deep":{"a":[1,2]}}' }] })
      .finalMessage();
    assert.equal(call.stop_reason, 'tool_use');
    assert.deepEqual(call.content[0]?.type === 'tool_use' && call.content[0].input, { order_id: '1234', deep: { a: [1, 2] } });
  });

  test('max_tokens is required, as the API has it', async () => {
    const res = await fetch(`${sim.url}/anthropic/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': freshKey(), 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'x', messages: [{ role: 'user', content: 'hi' }] }),
    });
    assert.equal(res.status, 400);
    const body = (await res.json()) as { type: string; error: { type: string; message: string } };
    assert.equal(body.type, 'error');
    assert.equal(body.error.type, 'invalid_request_error');
    assert.match(body.error.message, /max_tokens/);
    assert.ok(res.headers.get('request-id')?.startsWith('req_'));
  });
});

describe('model lists', () => {
  test('both providers list the simulator models for a valid key', async () => {
    const openaiModels = await openaiClient(sim.url, freshKey()).models.list();
    assert.deepEqual(
      openaiModels.data.map((m) => m.id),
      ['sim/steady', 'sim/flaky'],
    );
    const anthropicModels = await anthropicClient(sim.url, freshKey()).models.list();
    assert.deepEqual(
      anthropicModels.data.map((m) => m.id),
      ['sim/steady', 'sim/flaky'],
    );
  });
});
