import { z } from 'zod';
import { withWarnings } from './common';

/**
 * OpenAI's ChatCompletion, as `POST /v1/chat/completions` answers it (API reference, /agent/docs), with the
 * fields OpenAI's SDKs read: `message.tool_calls` when the model called client tools,
 * `refusal`, and `usage`.
 */
const toolCall = z.strictObject({
  id: z.string().describe("The run's `call_…` id: answer it with a `role: tool` message carrying it as `tool_call_id`."),
  type: z.literal('function'),
  function: z.strictObject({ name: z.string(), arguments: z.string().describe('JSON text.') }),
});

export const chatCompletionUsage = z.strictObject({
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  total_tokens: z.number().int(),
});

/** With `warnings` (ours): `client_history_ignored` when a session's stored history answered instead. */
export const chatCompletionResponse = withWarnings(
  z.strictObject({
    id: z.string().describe('`chatcmpl-<run id>`.'),
    object: z.literal('chat.completion'),
    created: z.number().int().describe('Unix seconds.'),
    model: z.string().describe("The agent's slug as requested."),
    choices: z.array(
      z.strictObject({
        index: z.number().int(),
        message: z.strictObject({
          role: z.literal('assistant'),
          content: z.string().nullable(),
          refusal: z.string().nullable(),
          tool_calls: z.array(toolCall).optional(),
        }),
        finish_reason: z.enum(['stop', 'length', 'tool_calls', 'content_filter']),
        logprobs: z.null(),
      }),
    ),
    usage: chatCompletionUsage,
  }),
);
