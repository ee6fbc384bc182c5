import { z } from 'zod';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { modelAndLimitErrors } from './ask';
import { chatCompletionResponse } from '../responses/chat-completion';

const content = z.union([z.string(), z.array(z.looseObject({ type: z.string(), text: z.string().optional() }))]);
const name = z.string().min(1).max(64);
const callId = z.string().min(1).max(128);
const toolCall = z.strictObject({
  id: callId,
  type: z.literal('function'),
  function: z.strictObject({ name, arguments: z.string().max(100_000) }),
});

/** Messages as OpenAI SDKs send them back, their own answers included (`refusal: null` and the like). */
const message = z.discriminatedUnion('role', [
  z.strictObject({ role: z.literal('system'), content, name: z.string().optional() }),
  z.strictObject({ role: z.literal('developer'), content, name: z.string().optional() }),
  z.strictObject({ role: z.literal('user'), content, name: z.string().optional() }),
  z.strictObject({
    role: z.literal('assistant'),
    content: content.nullish(),
    name: z.string().optional(),
    refusal: z.string().nullish(),
    annotations: z.array(z.unknown()).nullish(),
    audio: z.looseObject({ id: z.string() }).nullish(),
    tool_calls: z.array(toolCall).max(32).nullish(),
    function_call: z.strictObject({ name, arguments: z.string().max(100_000) }).nullish(),
  }),
  z.strictObject({ role: z.literal('tool'), content, tool_call_id: callId }),
]);

const functionTool = z.strictObject({
  type: z.literal('function'),
  function: z.strictObject({
    name,
    description: z.string().max(4_000).optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    strict: z.boolean().nullish(),
  }),
});

/**
 * OpenAI's request shape. The parameters of the API reference are honoured, recorded or refused
 * with `unsupported_parameter`; anything else is refused as an unknown field rather than ignored.
 */
export const chatCompletionBody = z.strictObject({
  model: z.string().min(1).max(120).describe("The agent's slug, optionally `@<version>`: not a model id of GET /v1/models."),
  messages: z.array(message).min(1).max(200),
  stream: z.boolean().nullish(),
  stream_options: z.strictObject({ include_usage: z.boolean().optional(), include_obfuscation: z.boolean().optional() }).nullish(),
  n: z.number().int().min(1).nullish(),
  logprobs: z.boolean().nullish(),
  top_logprobs: z.number().int().nullish(),
  response_format: z.looseObject({ type: z.enum(['text', 'json_object', 'json_schema']) }).nullish(),
  modalities: z.array(z.string()).nullish(),
  audio: z.unknown().optional(),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  max_tokens: z.number().int().min(1).nullish(),
  max_completion_tokens: z.number().int().min(1).nullish(),
  stop: z.union([z.string().min(1), z.array(z.string().min(1)).max(4)]).nullish(),
  seed: z.number().int().nullish(),
  presence_penalty: z.number().min(-2).max(2).nullish(),
  frequency_penalty: z.number().min(-2).max(2).nullish(),
  tools: z.array(functionTool).max(32).optional(),
  tool_choice: z
    .union([z.enum(['auto', 'none', 'required']), z.strictObject({ type: z.literal('function'), function: z.strictObject({ name }) })])
    .optional(),
  parallel_tool_calls: z.boolean().nullish(),
  user: z.string().max(256).nullish(),
  metadata: z.record(z.string().max(64), z.string().max(512)).nullish(),
  store: z.boolean().nullish(),
  session: z.string().min(1).max(128).optional(),
});

export type ChatBody = z.infer<typeof chatCompletionBody>;
export type ChatMessage = z.infer<typeof message>;

export const chatCompletionsEndpoint = defineEndpoint({
  operationId: 'createChatCompletion',
  method: 'POST',
  path: '/v1/chat/completions',
  tag: 'Runs',
  summary: 'Chat completions (OpenAI-compatible)',
  description:
    "An ask in OpenAI's chat completions shape, for OpenAI SDKs and frameworks pointed at `{base_url}/agent/v1`. `model` is an agent's slug " +
    '(`slug@3` for version 3), not a model id: the agent answers with its own model. Honoured: `max_tokens`, `max_completion_tokens` and ' +
    '`temperature` (when the agent allows that override, else `override_not_allowed` naming the parameter), `top_p`, `stop`, `seed`, ' +
    '`presence_penalty`, `frequency_penalty`, `tool_choice`, `parallel_tool_calls`, `stream_options.include_usage`, `response_format` `text` ' +
    'and `json_object` (`unsupported_parameter` where the model has no JSON mode); recorded on the run: `user`, `metadata`, `store`; ' +
    'refused with `unsupported_parameter`: `n` above 1, `logprobs`, `top_logprobs`, `response_format: json_schema`, `audio` and audio ' +
    '`modalities`. `tools` name client tools the agent declares (their declaration is what the model sees; any other name is ' +
    '`tool_not_declared`); without `tools` the model is offered none. A call of one answers `finish_reason: "tool_calls"`; send the ' +
    'assistant message back with one `role: "tool"` message per call and the waiting run goes on. System and developer messages are ' +
    'accepted only when the agent allows the `instructions_append` override, and become it. Counts like an ask towards quota and cost cap. ' +
    'With `session` (the agent’s session, `sess_…` or your external_id) the last user message becomes that session’s next message and the ' +
    'stored history answers it; earlier request messages are then not used (warning `client_history_ignored`), and `tools` cannot be given. ' +
    'Errors that will not change on retry carry `x-should-retry: false`.',
  access: 'project',
  permission: 'runs:write',
  body: chatCompletionBody,
  response: {
    status: 200,
    description: 'A `chat.completion`, or `chat.completion.chunk` events ending with `[DONE]`.',
    stream: true,
    schema: chatCompletionResponse,
  },
  errors: [
    ...modelAndLimitErrors,
    'unsupported_parameter',
    'run_not_requires_action',
    'tool_outputs_incomplete',
    'session_not_found',
    'session_agent_mismatch',
    'session_busy',
    'session_queue_full',
    'handoff_already_open',
  ],
});

export const chatCompletionsEndpoints = [chatCompletionsEndpoint];
