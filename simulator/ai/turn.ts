/** What the simulated model answers, before any wire format renders it. */
export type Turn =
  { kind: 'text'; text: string; stop: 'end' | 'max_tokens' } | { kind: 'refusal'; text: string } | { kind: 'tool_calls'; calls: ToolCall[] };

export interface ToolCall {
  name: string;
  /** The arguments as a JSON object's text. */
  arguments: string;
}

/** Words joined by single spaces: the reply's word deltas concatenate back to exactly this. */
export const normaliseText = (text: string): string => words(text).join(' ');

export const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** The reply's streamed pieces: one word each, later words carrying their leading space. */
export const textDeltas = (text: string): string[] => words(text).map((word, i) => (i === 0 ? word : ` ${word}`));

/** Argument text in fragments of a few characters, as models stream them; each counts as a token. */
export function argumentFragments(json: string): string[] {
  const chars = Array.from(json);
  const fragments: string[] = [];
  for (let i = 0; i < chars.length; i += ARGUMENT_FRAGMENT_CHARS) fragments.push(chars.slice(i, i + ARGUMENT_FRAGMENT_CHARS).join(''));
  return fragments;
}
const ARGUMENT_FRAGMENT_CHARS = 12;

/** How many paced tokens the turn streams: words, or argument fragments plus one per call's start. */
export function tokenCount(turn: Turn): number {
  if (turn.kind !== 'tool_calls') return words(turn.text).length;
  return turn.calls.reduce((sum, call) => sum + 1 + argumentFragments(call.arguments).length, 0);
}

/** Characters the model "wrote": the basis of `output_tokens`. */
export function outputChars(turn: Turn): number {
  if (turn.kind !== 'tool_calls') return Array.from(turn.text).length;
  return turn.calls.reduce((sum, call) => sum + Array.from(call.name + call.arguments).length, 0);
}

/** Cuts a text reply to the client's token cap (a word each), as a model stopping at `max_tokens` does. */
export function capTurn(turn: Turn, maxTokens: number | undefined): Turn {
  if (turn.kind !== 'text' || maxTokens === undefined) return turn;
  const all = words(turn.text);
  return all.length <= maxTokens ? turn : { kind: 'text', text: all.slice(0, maxTokens).join(' '), stop: 'max_tokens' };
}
