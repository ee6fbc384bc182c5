import type { PresentedRun, RequiredAction } from '@/server/agent/ask/present-run';
import type { StopReason } from '@/server/agent/providers/model-events';

/** What every completion of one request shares: the agent as `model`, the time, whether streams end with usage. */
export interface ChatAnswer {
  model: string;
  created: number;
  includeUsage: boolean;
}

interface Answered {
  run: PresentedRun;
  outputText: string;
  requiredAction?: RequiredAction;
  stopReason?: StopReason;
}

/** A run's answer as OpenAI's `chat.completion`: calls of client tools are `tool_calls` (the run's call ids). */
export function completionOf(outcome: Answered, answer: ChatAnswer) {
  const toolCalls = toolCallsOf(outcome.requiredAction);
  return {
    id: completionId(outcome.run.id),
    object: 'chat.completion' as const,
    created: answer.created,
    model: answer.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant' as const,
          content: toolCalls && outcome.outputText === '' ? null : outcome.outputText,
          refusal: null,
          ...(toolCalls && { tool_calls: toolCalls }),
        },
        finish_reason: finishReason(outcome),
        logprobs: null,
      },
    ],
    usage: usageOf(outcome.run),
  };
}

/**
 * `chat.completion.chunk`s as a run streams: the role, the text deltas, the calls as one
 * `tool_calls` delta each, the finish reason, then (with `stream_options.include_usage`) a
 * chunk with no choices and the usage. A run that failed ends with OpenAI's in-stream error.
 */
export function chatChunks(answer: ChatAnswer, send: (chunk: object) => void) {
  let id = '';
  const chunk = (delta: object, finish: string | null = null) => ({
    id,
    object: 'chat.completion.chunk',
    created: answer.created,
    model: answer.model,
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  });
  return {
    start(runId: string) {
      id = completionId(runId);
      send(chunk({ role: 'assistant', content: '' }));
    },
    text(text: string) {
      send(chunk({ content: text }));
    },
    end(outcome: Omit<Answered, 'outputText'> & { failure?: { code: string; message: string } }) {
      if (outcome.failure) {
        send({ error: { code: outcome.failure.code, message: outcome.failure.message, type: 'provider_error' } });
        return;
      }
      toolCallsOf(outcome.requiredAction)?.forEach((call, index) => send(chunk({ tool_calls: [{ index, ...call }] })));
      send(chunk({}, finishReason(outcome)));
      if (answer.includeUsage) send({ ...chunk({}), choices: [], usage: usageOf(outcome.run) });
    },
  };
}

const completionId = (runId: string) => `chatcmpl-${runId}`;

const toolCallsOf = (action: RequiredAction | undefined) =>
  action?.tool_calls.map((call) => ({ id: call.call_id, type: 'function' as const, function: { name: call.name, arguments: call.arguments } }));

const finishReason = (outcome: { requiredAction?: RequiredAction; stopReason?: StopReason }) =>
  outcome.requiredAction ? 'tool_calls' : outcome.stopReason === 'max_tokens' ? 'length' : 'stop';

const usageOf = (run: PresentedRun) => ({
  prompt_tokens: run.usage.input_tokens,
  completion_tokens: run.usage.output_tokens,
  total_tokens: run.usage.input_tokens + run.usage.output_tokens,
});
