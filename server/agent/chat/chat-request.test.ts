import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ProjectCaller } from '@/server/agent/access/agent-caller';
import { chatCompletionBody } from '@/server/agent/http/endpoints/chat-completions';
import { AgentError } from '@/server/errors/agent-error';
import { askRequestFromChat } from './chat-request';

const caller = { kind: 'secret_key', projectId: 'prj_1', orgId: 'org_1' } as ProjectCaller;
const chat = (body: Record<string, unknown>, instructionsAppend = false) =>
  askRequestFromChat(caller, chatCompletionBody.parse({ model: 'shop-bot', ...body }), instructionsAppend);
const refusedWith = (code: string, param: string) => (error: unknown) =>
  error instanceof AgentError && error.code === code && error.param === param;

const loop = [
  { role: 'user', content: 'Where am I?' },
  {
    role: 'assistant',
    content: null,
    refusal: null,
    annotations: [],
    tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_location', arguments: '{}' } }],
  },
  { role: 'tool', tool_call_id: 'call_1', content: [{ type: 'text', text: 'Dubai' }] },
];

test('a tool loop becomes the turns the model reads; the last user text is the input', () => {
  const ask = chat({ messages: loop });
  assert.deepEqual(ask.turns, [
    { role: 'user', text: 'Where am I?' },
    { role: 'assistant', toolCalls: [{ callId: 'call_1', name: 'get_location', arguments: '{}' }] },
    { role: 'tool', callId: 'call_1', name: 'get_location', output: 'Dubai' },
  ]);
  assert.equal(ask.inputText, 'Where am I?');
});

test("OpenAI's parameters become the ask's: overrides named as sent, sampling, tool choice, what is recorded", () => {
  const ask = chat({
    messages: [{ role: 'user', content: 'hi' }],
    max_completion_tokens: 50,
    temperature: 0.5,
    top_p: 0.9,
    stop: 'END',
    seed: 3,
    tools: [{ type: 'function', function: { name: 'get_location' } }],
    tool_choice: { type: 'function', function: { name: 'get_location' } },
    response_format: { type: 'json_object' },
    user: 'u1',
  });
  assert.deepEqual(ask.overrides, { temperature: 0.5, max_reply_tokens: 50 });
  assert.equal(ask.overrideParams?.max_reply_tokens, '/max_completion_tokens');
  assert.equal(chat({ messages: [{ role: 'user', content: 'hi' }], max_tokens: 5 }).overrideParams?.max_reply_tokens, '/max_tokens');
  assert.deepEqual(ask.sampling, { topP: 0.9, stop: ['END'], seed: 3, jsonMode: true });
  assert.deepEqual(ask.toolChoice, { name: 'get_location' });
  assert.deepEqual(ask.clientTools, [{ name: 'get_location', param: '/tools/0/function/name' }]);
  assert.deepEqual(ask.recorded, { user: 'u1' });
});

test('what cannot be honoured is refused, each naming its parameter', () => {
  const messages = [{ role: 'user', content: 'hi' }];
  for (const [extra, param] of [
    [{ n: 2 }, 'n'],
    [{ logprobs: true }, 'logprobs'],
    [{ top_logprobs: 1 }, 'top_logprobs'],
    [{ response_format: { type: 'json_schema', json_schema: {} } }, 'response_format'],
    [{ audio: { voice: 'alloy' } }, 'audio'],
    [{ modalities: ['text', 'audio'] }, 'modalities'],
  ] as const) {
    assert.throws(() => chat({ messages, ...extra }), refusedWith('unsupported_parameter', param), param);
  }
  assert.doesNotThrow(() => chat({ messages, modalities: ['text'], n: 1 }));
});

test('a tool message answers an earlier call; the conversation ends with the user or a tool; system needs instructions_append', () => {
  assert.throws(
    () =>
      chat({
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'tool', tool_call_id: 'call_9', content: 'x' },
        ],
      }),
    refusedWith('validation_failed', '/messages/1/tool_call_id'),
  );
  assert.throws(() => chat({ messages: loop.slice(0, 2) }), refusedWith('validation_failed', '/messages'));
  const system = [{ role: 'system', content: 'Be brief.' }, ...loop];
  assert.throws(() => chat({ messages: system }), refusedWith('system_message_not_allowed', '/messages/0'));
  const allowed = chat({ messages: system }, true);
  assert.equal(allowed.overrides.instructions_append, 'Be brief.');
  assert.equal(allowed.overrideParams?.instructions_append, '/messages/0');
});
