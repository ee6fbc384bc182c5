import type OpenAI from 'openai';
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionToolChoiceOption,
} from 'openai/resources/chat/completions';
import type { ModelEvent, ModelRequest, ModelToolChoice, ModelTurn, StopReason } from './model-events';
import { streamEndedEarly } from './stream-end';

/** Opens a streamed Chat Completion (OpenAI or an OpenAI-compatible server) and reads it as ModelEvents. */
export async function openChatCompletionStream(client: OpenAI, request: ModelRequest, signal: AbortSignal): Promise<AsyncIterable<ModelEvent>> {
  const chunks = await client.chat.completions.create(chatCompletionParams(request), { signal });
  return chatCompletionEvents(chunks);
}

function chatCompletionParams(request: ModelRequest): ChatCompletionCreateParamsStreaming {
  const tools = request.tools ?? [];
  return {
    model: request.model,
    messages: [...(request.instructions ? [{ role: 'system' as const, content: request.instructions }] : []), ...request.turns.map(chatMessage)],
    stream: true,
    stream_options: { include_usage: true },
    ...(tools.length > 0 && {
      tools: tools.map((tool) => ({ type: 'function' as const, function: tool })),
      tool_choice: chatToolChoice(request.toolChoice),
      ...(request.parallelToolCalls !== undefined && { parallel_tool_calls: request.parallelToolCalls }),
    }),
    ...(request.temperature !== undefined && { temperature: request.temperature }),
    // max_tokens, not max_completion_tokens: this adapter mainly serves OpenAI-compatible servers, which know the older name.
    ...(request.maxTokens !== undefined && { max_tokens: request.maxTokens }),
    ...(request.topP !== undefined && { top_p: request.topP }),
    ...(request.stop !== undefined && { stop: request.stop }),
    ...(request.seed !== undefined && { seed: request.seed }),
    ...(request.presencePenalty !== undefined && { presence_penalty: request.presencePenalty }),
    ...(request.frequencyPenalty !== undefined && { frequency_penalty: request.frequencyPenalty }),
    ...(request.jsonMode && { response_format: { type: 'json_object' as const } }),
  };
}

function chatToolChoice(choice: ModelToolChoice = 'auto'): ChatCompletionToolChoiceOption {
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
}

function chatMessage(turn: ModelTurn): ChatCompletionMessageParam {
  if (turn.role === 'user') return { role: 'user', content: turn.text };
  if (turn.role === 'tool') return { role: 'tool', tool_call_id: turn.callId, content: turn.output };
  const toolCalls = turn.toolCalls ?? [];
  return {
    role: 'assistant',
    content: turn.text ?? null,
    ...(toolCalls.length > 0 && {
      tool_calls: toolCalls.map((call) => ({
        id: call.callId,
        type: 'function' as const,
        function: { name: call.name, arguments: call.arguments },
      })),
    }),
  };
}

interface ToolCallInProgress {
  callId: string;
  name: string;
  arguments: string;
}

const stopReasons: Record<string, StopReason> = {
  stop: 'end',
  tool_calls: 'tool_calls',
  function_call: 'tool_calls',
  length: 'max_tokens',
  content_filter: 'refusal',
};

/**
 * Chunks carry text, refusal text and tool-call fragments keyed by the call's index; the
 * finish reason comes in one chunk and usage in a later, choice-less one before `[DONE]`,
 * so the stop is emitted when the stream ends.
 */
async function* chatCompletionEvents(chunks: AsyncIterable<ChatCompletionChunk>): AsyncGenerator<ModelEvent> {
  const calls = new Map<number, ToolCallInProgress>();
  let refusal: string | undefined;
  let finishReason: string | undefined;
  let usage: ChatCompletionChunk['usage'];
  for await (const chunk of chunks) {
    if (chunk.usage) usage = chunk.usage;
    const choice = chunk.choices[0];
    if (!choice) continue;
    const { delta } = choice;
    if (delta.content) yield { type: 'text_delta', text: delta.content };
    if (delta.refusal) refusal = (refusal ?? '') + delta.refusal;
    for (const fragment of delta.tool_calls ?? []) {
      let call = calls.get(fragment.index);
      if (!call) {
        // Some compatible servers leave out the id; the index is the call's identity in this answer anyway.
        call = { callId: fragment.id ?? `call_${fragment.index}`, name: fragment.function?.name ?? '', arguments: '' };
        calls.set(fragment.index, call);
        yield { type: 'tool_call_start', index: fragment.index, callId: call.callId, name: call.name };
      }
      const argumentsDelta = fragment.function?.arguments;
      if (argumentsDelta) {
        call.arguments += argumentsDelta;
        yield { type: 'tool_call_arguments', index: fragment.index, delta: argumentsDelta };
      }
    }
    if (choice.finish_reason) finishReason = choice.finish_reason;
  }
  if (finishReason === undefined) throw streamEndedEarly();
  for (const [index, call] of [...calls].sort(([a], [b]) => a - b)) {
    yield { type: 'tool_call_done', index, ...call };
  }
  if (usage) yield { type: 'usage', inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens };
  const reason = refusal !== undefined ? 'refusal' : (stopReasons[finishReason] ?? 'end');
  if (reason === 'refusal') yield { type: 'refusal', text: refusal ?? '' };
  yield { type: 'stop', reason };
}
