import { isBehaviour, type Behaviour } from './behaviours';
import type { ToolCall } from './turn';

/** The instructions to the simulator that tests and demos write into prompts and messages. */

const BEHAVIOUR_MARKER = /\[\[sim:([a-z_]+)\]\]/g;
const TOKENS_MARKER = /\[\[sim:tokens=(\d+)\]\]/;
const TOKEN_MS_MARKER = /\[\[sim:token_ms=(\d+)\]\]/;
const ANY_MARKER = /\[\[sim:[^\]]*\]\]/g;
const SCENARIO_MARKER = /SIM-SCENARIO:\s*([\w-]+)/;
const CALL_LINE = /^\s*#call\s+([A-Za-z0-9_.-]+)\s*(.*)$/;
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/;
const ASKS_FOR_PERSON = /\b(human|person|agent)\b|موظف|إنسان/i;

/** The first `[[sim:<behaviour>]]` in the text. */
export function behaviourMarker(text: string): Behaviour | undefined {
  for (const [, name] of text.matchAll(BEHAVIOUR_MARKER)) if (name && isBehaviour(name)) return name;
  return undefined;
}

/** N from `[[sim:tokens=N]]`: the reply is then exactly N words. */
export function tokensMarker(text: string): number | undefined {
  const match = TOKENS_MARKER.exec(text);
  return match ? Number(match[1]) : undefined;
}

/** N from `[[sim:token_ms=N]]`: this reply's tokens come N ms apart (a slow answer, whatever the simulator's pace). */
export function tokenMsMarker(text: string): number | undefined {
  const match = TOKEN_MS_MARKER.exec(text);
  return match ? Number(match[1]) : undefined;
}

/** The scenario named by `SIM-SCENARIO: <name>` in the instructions. */
export const scenarioMarker = (instructions: string): string | undefined => SCENARIO_MARKER.exec(instructions)?.[1];

/**
 * `#call <tool> {json}` lines: the calls the model makes, in order (several make one parallel
 * round). A line whose arguments are not a JSON object is not a call.
 */
export function callLines(text: string): ToolCall[] {
  const calls: ToolCall[] = [];
  for (const line of text.split('\n')) {
    const match = CALL_LINE.exec(line);
    if (!match?.[1]) continue;
    const argumentsText = match[2]?.trim() || '{}';
    const parsed = parseJsonObject(argumentsText);
    if (parsed) calls.push({ name: match[1], arguments: JSON.stringify(parsed) });
  }
  return calls;
}

/** The text without simulator markers, for echoing back. */
export const withoutMarkers = (text: string): string => text.replace(ANY_MARKER, ' ');

export const hasArabic = (text: string): boolean => ARABIC.test(text);

export const asksForPerson = (text: string): boolean => ASKS_FOR_PERSON.test(text);

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
