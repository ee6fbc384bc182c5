/**
 * The provider-neutral shape of a model call and its streamed answer. Every adapter
 * (OpenAI Chat Completions, OpenAI Responses, Anthropic Messages) speaks this and only this,
 * so the run loop never sees a provider's wire format.
 */

export type ProviderApi = 'openai_chat' | 'openai_responses' | 'anthropic_messages';

/** A JSON Schema object describing a tool's arguments. */
export type JsonSchemaObject = { type: 'object'; [keyword: string]: unknown };

export interface ModelTool {
  name: string;
  description: string;
  parameters: JsonSchemaObject;
}

export interface ModelToolCall {
  callId: string;
  name: string;
  /** The arguments as the model wrote them: JSON text, not yet parsed or validated. */
  arguments: string;
}

export type ModelTurn =
  | { role: 'user'; text: string }
  | { role: 'assistant'; text?: string; toolCalls?: ModelToolCall[] }
  | { role: 'tool'; callId: string; name: string; output: string };

/** `required`: some tool must be called; `{ name }`: that tool. */
export type ModelToolChoice = 'auto' | 'none' | 'required' | { name: string };

/**
 * Sampling parameters a caller may set (chat completions pass OpenAI's on). Each adapter sends
 * those its wire format knows; `jsonMode` only goes to a model whose catalogue entry can do it.
 */
export interface ModelSampling {
  topP?: number;
  stop?: string[];
  seed?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  parallelToolCalls?: boolean;
  jsonMode?: boolean;
}

export interface ModelRequest extends ModelSampling {
  model: string;
  instructions?: string;
  turns: ModelTurn[];
  tools?: ModelTool[];
  toolChoice?: ModelToolChoice;
  temperature?: number;
  maxTokens?: number;
}

export type StopReason = 'end' | 'tool_calls' | 'max_tokens' | 'refusal';

/** `index` numbers the tool calls of one answer from 0, whatever the provider's own numbering. */
export type ModelEvent =
  | { type: 'text_delta'; text: string }
  | { type: 'tool_call_start'; index: number; callId: string; name: string }
  | { type: 'tool_call_arguments'; index: number; delta: string }
  | { type: 'tool_call_done'; index: number; callId: string; name: string; arguments: string }
  | { type: 'refusal'; text: string }
  | { type: 'usage'; inputTokens: number; outputTokens: number }
  | { type: 'stop'; reason: StopReason };

export interface ProviderClient {
  /**
   * Streams one model answer. Ends after a `stop` event, or throws a ProviderFailure; an
   * abort through `signal` throws the signal's reason.
   */
  stream(request: ModelRequest, signal?: AbortSignal): AsyncIterable<ModelEvent>;
}
