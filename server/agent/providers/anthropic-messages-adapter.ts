import type Anthropic from '@anthropic-ai/sdk';
import type {
  ContentBlockParam,
  MessageCreateParamsStreaming,
  MessageParam,
  RawMessageStreamEvent,
  StopReason as AnthropicStopReason,
  ToolChoice,
} from '@anthropic-ai/sdk/resources/messages';
import type { ModelEvent, ModelRequest, ModelToolChoice, ModelTurn, StopReason } from './model-events';
import { streamEndedEarly } from './stream-end';

/** Anthropic requires a reply limit; this one applies when the agent sets none. */
const DEFAULT_MAX_TOKENS = 4096;

/** Opens a streamed Anthropic Message and reads it as ModelEvents. */
export async function openMessageStream(client: Anthropic, request: ModelRequest, signal: AbortSignal): Promise<AsyncIterable<ModelEvent>> {
  const events = await client.messages.create(messageParams(request), { signal });
  return messageEvents(events);
}

function messageParams(request: ModelRequest): MessageCreateParamsStreaming {
  const tools = request.tools ?? [];
  return {
    model: request.model,
    messages: messagesOf(request.turns),
    max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
    stream: true,
    ...(request.instructions && { system: request.instructions }),
    ...(tools.length > 0 && {
      tools: tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.parameters })),
      tool_choice: messageToolChoice(request.toolChoice, request.parallelToolCalls),
    }),
    ...(request.temperature !== undefined && { temperature: request.temperature }),
    // Messages has no seed, penalties or JSON mode.
    ...(request.topP !== undefined && { top_p: request.topP }),
    ...(request.stop !== undefined && { stop_sequences: request.stop }),
  };
}

/** Anthropic says `any` for "some tool" and takes parallel calls as a flag on the choice. */
function messageToolChoice(choice: ModelToolChoice = 'auto', parallel?: boolean): ToolChoice {
  if (choice === 'none') return { type: 'none' };
  const flag = parallel === undefined ? {} : { disable_parallel_tool_use: !parallel };
  if (choice === 'auto') return { type: 'auto', ...flag };
  if (choice === 'required') return { type: 'any', ...flag };
  return { type: 'tool', name: choice.name, ...flag };
}

/** Tool results travel in a user message, all results of one round in the same one. */
function messagesOf(turns: ModelTurn[]): MessageParam[] {
  const messages: MessageParam[] = [];
  for (const turn of turns) {
    if (turn.role === 'user') messages.push({ role: 'user', content: turn.text });
    else if (turn.role === 'assistant') messages.push({ role: 'assistant', content: assistantBlocks(turn) });
    else {
      const result: ContentBlockParam = { type: 'tool_result', tool_use_id: turn.callId, content: turn.output };
      const previous = messages.at(-1);
      if (previous?.role === 'user' && Array.isArray(previous.content)) previous.content.push(result);
      else messages.push({ role: 'user', content: [result] });
    }
  }
  return messages;
}

function assistantBlocks(turn: Extract<ModelTurn, { role: 'assistant' }>): ContentBlockParam[] {
  return [
    ...(turn.text ? [{ type: 'text' as const, text: turn.text }] : []),
    ...(turn.toolCalls ?? []).map((call) => ({
      type: 'tool_use' as const,
      id: call.callId,
      name: call.name,
      input: argumentsObject(call.arguments),
    })),
  ];
}

/** Anthropic wants the input as an object; arguments the model once wrote badly are replayed as `{}` (their tool result said why). */
function argumentsObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const stopReasons: Record<AnthropicStopReason, StopReason> = {
  end_turn: 'end',
  stop_sequence: 'end',
  pause_turn: 'end',
  tool_use: 'tool_calls',
  max_tokens: 'max_tokens',
  model_context_window_exceeded: 'max_tokens',
  refusal: 'refusal',
};

interface ToolCallInProgress {
  index: number;
  callId: string;
  name: string;
  arguments: string;
}

/** Content blocks are numbered across text and tool use; ModelEvents number the tool calls alone. */
async function* messageEvents(events: AsyncIterable<RawMessageStreamEvent>): AsyncGenerator<ModelEvent> {
  const calls = new Map<number, ToolCallInProgress>();
  let inputTokens = 0;
  let outputTokens = 0;
  let stopReason: AnthropicStopReason | null = null;
  for await (const event of events) {
    switch (event.type) {
      case 'message_start': {
        const { usage } = event.message;
        // Cached prompt tokens are counted apart from input_tokens; the model read them all the same.
        inputTokens = usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
        outputTokens = usage.output_tokens;
        break;
      }
      case 'content_block_start':
        if (event.content_block.type === 'tool_use') {
          const call = { index: calls.size, callId: event.content_block.id, name: event.content_block.name, arguments: '' };
          calls.set(event.index, call);
          yield { type: 'tool_call_start', index: call.index, callId: call.callId, name: call.name };
        } else if (event.content_block.type === 'text' && event.content_block.text) {
          yield { type: 'text_delta', text: event.content_block.text };
        }
        break;
      case 'content_block_delta':
        if (event.delta.type === 'text_delta') yield { type: 'text_delta', text: event.delta.text };
        else if (event.delta.type === 'input_json_delta') {
          const call = calls.get(event.index);
          if (call && event.delta.partial_json) {
            call.arguments += event.delta.partial_json;
            yield { type: 'tool_call_arguments', index: call.index, delta: event.delta.partial_json };
          }
        }
        break;
      case 'content_block_stop': {
        const call = calls.get(event.index);
        // A tool without parameters streams no JSON at all.
        if (call) yield { type: 'tool_call_done', ...call, arguments: call.arguments || '{}' };
        break;
      }
      case 'message_delta':
        if (event.delta.stop_reason) stopReason = event.delta.stop_reason;
        outputTokens = event.usage.output_tokens;
        break;
      case 'message_stop': {
        yield { type: 'usage', inputTokens, outputTokens };
        const reason = stopReason ? stopReasons[stopReason] : 'end';
        if (reason === 'refusal') yield { type: 'refusal', text: '' };
        yield { type: 'stop', reason };
        return;
      }
    }
  }
  throw streamEndedEarly();
}
