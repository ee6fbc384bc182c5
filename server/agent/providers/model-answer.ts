import { costMicros, findCatalogueModel } from '@/server/agent/models/catalogue';
import type { ModelEvent, ModelToolCall, StopReason } from './model-events';
import { refusalFailure } from './provider-failure';

/** One model answer as it streams in, from whichever model of the fallback chain answers. */
export interface ModelAnswer {
  modelId: string;
  text: string;
  toolCalls: ModelToolCall[];
  /** Summed over every model tried: each one's tokens are billed. */
  usage: { inputTokens: number; outputTokens: number; costMicros: number };
  /** Why the answering model stopped, once it has (a reply cut at the token limit says `max_tokens`). */
  stopReason?: StopReason;
}

/**
 * Folds one streamed event into the answer and returns its text delta, if it is one. A later
 * model answers from the start, so what a failed one said is dropped; usage is priced from the
 * catalogue. A refusal that comes through as an event (deltas were already delivered) throws.
 */
export function foldModelEvent(answer: ModelAnswer, from: string, event: ModelEvent): string | undefined {
  if (from !== answer.modelId) {
    answer.modelId = from;
    answer.text = '';
    answer.toolCalls.length = 0;
  }
  if (event.type === 'text_delta') {
    answer.text += event.text;
    return event.text;
  }
  if (event.type === 'tool_call_done') answer.toolCalls.push({ callId: event.callId, name: event.name, arguments: event.arguments });
  else if (event.type === 'usage') {
    answer.usage.inputTokens += event.inputTokens;
    answer.usage.outputTokens += event.outputTokens;
    answer.usage.costMicros += costMicros(findCatalogueModel(from)!, event);
  } else if (event.type === 'stop') answer.stopReason = event.reason;
  else if (event.type === 'refusal') throw refusalFailure(event.text);
  return undefined;
}
