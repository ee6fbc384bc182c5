import type OpenAI from 'openai';
import type { ResponseCreateParamsStreaming, ResponseInputItem, ResponseStreamEvent } from 'openai/resources/responses/responses';
import { failureFromErrorReport } from './classify-provider-error';
import type { ModelEvent, ModelRequest, ModelToolChoice, ModelTurn, StopReason } from './model-events';
import { streamEndedEarly } from './stream-end';

/** Opens a streamed OpenAI Response and reads it as ModelEvents. */
export async function openResponseStream(client: OpenAI, request: ModelRequest, signal: AbortSignal): Promise<AsyncIterable<ModelEvent>> {
  const events = await client.responses.create(responseParams(request), { signal });
  return responseEvents(events);
}

function responseParams(request: ModelRequest): ResponseCreateParamsStreaming {
  const tools = request.tools ?? [];
  return {
    model: request.model,
    input: request.turns.flatMap(responseInputItems),
    stream: true,
    // We keep the history ourselves; nothing needs to stay at the provider.
    store: false,
    ...(request.instructions && { instructions: request.instructions }),
    ...(tools.length > 0 && {
      tools: tools.map((tool) => ({ type: 'function' as const, ...tool, strict: false })),
      tool_choice: responseToolChoice(request.toolChoice),
      ...(request.parallelToolCalls !== undefined && { parallel_tool_calls: request.parallelToolCalls }),
    }),
    ...(request.temperature !== undefined && { temperature: request.temperature }),
    ...(request.maxTokens !== undefined && { max_output_tokens: request.maxTokens }),
    // The Responses API has no stop sequences, seed or penalties: those stay with Chat Completions models.
    ...(request.topP !== undefined && { top_p: request.topP }),
    ...(request.jsonMode && { text: { format: { type: 'json_object' as const } } }),
  };
}

function responseToolChoice(choice: ModelToolChoice = 'auto'): ResponseCreateParamsStreaming['tool_choice'] {
  return typeof choice === 'string' ? choice : { type: 'function', name: choice.name };
}

function responseInputItems(turn: ModelTurn): ResponseInputItem[] {
  if (turn.role === 'user') return [{ role: 'user', content: turn.text }];
  if (turn.role === 'tool') return [{ type: 'function_call_output', call_id: turn.callId, output: turn.output }];
  return [
    ...(turn.text ? [{ role: 'assistant' as const, content: turn.text }] : []),
    ...(turn.toolCalls ?? []).map((call) => ({
      type: 'function_call' as const,
      call_id: call.callId,
      name: call.name,
      arguments: call.arguments,
    })),
  ];
}

interface ToolCallInProgress {
  index: number;
  callId: string;
  name: string;
}

/**
 * Output items are numbered across messages and calls (`output_index`); ModelEvents number
 * the calls alone, so each function_call item gets the next call index when it is added.
 */
async function* responseEvents(events: AsyncIterable<ResponseStreamEvent>): AsyncGenerator<ModelEvent> {
  const calls = new Map<string, ToolCallInProgress>();
  let refusal: string | undefined;
  for await (const event of events) {
    switch (event.type) {
      case 'response.output_text.delta':
        yield { type: 'text_delta', text: event.delta };
        break;
      case 'response.refusal.delta':
        refusal = (refusal ?? '') + event.delta;
        break;
      case 'response.refusal.done':
        refusal = event.refusal;
        break;
      case 'response.output_item.added':
        if (event.item.type === 'function_call') {
          const call = { index: calls.size, callId: event.item.call_id, name: event.item.name };
          calls.set(event.item.id ?? call.callId, call);
          yield { type: 'tool_call_start', ...call };
        }
        break;
      case 'response.function_call_arguments.delta': {
        const call = calls.get(event.item_id);
        if (call) yield { type: 'tool_call_arguments', index: call.index, delta: event.delta };
        break;
      }
      case 'response.output_item.done':
        if (event.item.type === 'function_call') {
          const call = calls.get(event.item.id ?? event.item.call_id);
          if (call) yield { type: 'tool_call_done', ...call, arguments: event.item.arguments };
        }
        break;
      case 'response.completed':
      case 'response.incomplete': {
        const { usage, incomplete_details: incomplete } = event.response;
        if (usage) yield { type: 'usage', inputTokens: usage.input_tokens, outputTokens: usage.output_tokens };
        const reason = stopReason(refusal, incomplete?.reason, calls.size > 0);
        if (reason === 'refusal') yield { type: 'refusal', text: refusal ?? '' };
        yield { type: 'stop', reason };
        return;
      }
      case 'response.failed':
        throw failureFromErrorReport(event.response.error);
      // The Responses API's own `error` event: the openai 6 SDK yields it as an event.
      case 'error':
        throw failureFromErrorReport({ code: event.code, message: event.message });
      default:
        break;
    }
  }
  throw streamEndedEarly();
}

function stopReason(refusal: string | undefined, incompleteReason: string | undefined, calledTools: boolean): StopReason {
  if (refusal !== undefined || incompleteReason === 'content_filter') return 'refusal';
  if (incompleteReason === 'max_output_tokens') return 'max_tokens';
  return calledTools ? 'tool_calls' : 'end';
}
