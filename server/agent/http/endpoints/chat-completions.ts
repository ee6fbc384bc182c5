import { z } from 'zod';
import { defineAgentEndpoint } from '../agent-endpoint';
import { modelAndLimitErrors } from './ask';
import { chatCompletionResponse } from '../responses/chat-completion';

const content = z.union([z.string(), z.array(z.looseObject({ type: z.string(), text: z.string().optional() }))]);

/** OpenAI's request shape; unknown OpenAI parameters are refused as unknown fields rather than ignored. */
export const chatCompletionBody = z.strictObject({
  model: z.string().min(1).max(120).describe("The agent's slug, optionally `@<version>`."),
  messages: z
    .array(z.strictObject({ role: z.enum(['system', 'developer', 'user', 'assistant']), content, name: z.string().optional() }))
    .min(1)
    .max(200),
  stream: z.boolean().default(false),
  n: z.number().int().min(1).optional(),
  logprobs: z.boolean().optional(),
  top_logprobs: z.number().int().optional(),
  response_format: z.looseObject({ type: z.string() }).optional(),
  temperature: z.number().optional(),
  max_tokens: z.number().int().optional(),
  user: z.string().max(256).optional(),
  session: z.string().min(1).max(128).optional(),
  tools: z.array(z.unknown()).optional(),
});

export const chatCompletionsEndpoint = defineAgentEndpoint({
  operationId: 'createChatCompletion',
  method: 'POST',
  path: '/v1/chat/completions',
  tag: 'Runs',
  summary: 'Chat completions (OpenAI-compatible)',
  description:
    "An ask in OpenAI's chat completions shape, for OpenAI SDKs pointed at this service: `model` is the agent's slug (`slug@3` for version 3). " +
    '`n` above 1, `logprobs` and `response_format: json_schema` are refused with `unsupported_parameter`. System and developer messages are ' +
    'accepted only when the agent allows the `instructions_append` override, and become it. Counts like an ask towards quota and cost cap. ' +
    'With `session` (the agent’s session, `sess_…` or your external_id) the last user message becomes that session’s next message and the ' +
    'stored history answers it; earlier request messages are then not used (warning `client_history_ignored`), and `tools` cannot be given.',
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
    'session_not_found',
    'session_agent_mismatch',
    'session_busy',
    'session_queue_full',
    'handoff_already_open',
  ],
});

export const chatCompletionsEndpoints = [chatCompletionsEndpoint];
