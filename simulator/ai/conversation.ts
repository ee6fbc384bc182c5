/**
 * What the simulator needs to know about a request, whichever wire format carried it. Each
 * format's parser (formats/*.ts) reduces its request body to this.
 */
export interface Conversation {
  model: string;
  stream: boolean;
  /** System prompt, `instructions`, system/developer messages: where `SIM-SCENARIO:` is looked for. */
  instructions: string;
  /** Text of the last user turn that has any text (a turn of tool results only has none). */
  lastUserText: string;
  /** Names of the tools the client offers. */
  toolsOffered: string[];
  /** Tool results that are the last input items (the answers of one round), in input order. */
  toolResults: ToolResult[];
  /** Characters of all input text, instructions included: the basis of `input_tokens`. */
  inputChars: number;
  /** The client's cap on output tokens, if it set one (tokens are words here). */
  maxTokens: number | undefined;
  /** Chat Completions' `stream_options.include_usage`; the other formats always report usage. */
  includeUsage: boolean;
  /** The client's `tool_choice`: `none` calls nothing, `required` some tool, `{ name }` that tool (Chat Completions). */
  toolChoice?: 'auto' | 'none' | 'required' | { name: string };
  /** Stop sequences: a text reply ends before the first of them (Chat Completions). */
  stop?: string[];
}

export interface ToolResult {
  /** The called tool's name, found through the call id earlier in the input ("tool" if absent). */
  name: string;
  output: string;
}

/** Characters as people count them (code points), so Arabic and emoji count once each. */
export const charCount = (text: string): number => Array.from(text).length;

/** Finds a tool's name by its call id among earlier calls of the input. */
export function toolNameOf(callId: string | undefined, calls: Map<string, string>): string {
  return (callId !== undefined ? calls.get(callId) : undefined) ?? 'tool';
}
