import type { Conversation, ToolResult } from './conversation';
import { asksForPerson, callLines, hasArabic, scenarioMarker, tokensMarker, withoutMarkers } from './markers';
import { fillFromResult, matchRule, type Scenarios } from './scenarios';
import { capTurn, normaliseText, type Turn } from './turn';

/**
 * The simulated model: a deterministic answer to a conversation, in this order of precedence:
 * answer tool results that end the input (with the scenario rule's `reply_with_result`, else
 * quoting them); `#call` lines; `[[sim:tokens=N]]`; a handoff when the
 * customer asks for a person and `handoff` is offered; the scenario's first matching rule;
 * otherwise a summary of the input. Then the client's `tool_choice`, its stop sequences and, last,
 * its token cap.
 */
export function decideTurn(conversation: Conversation, scenarios: Scenarios): Turn {
  return capTurn(stopTurn(withToolChoice(conversation, scenarios), conversation.stop), conversation.maxTokens);
}

/** `tool_choice`: `none` answers as if no tool were offered; `required` or a named tool makes a call when the turn has none. */
function withToolChoice(conversation: Conversation, scenarios: Scenarios): Turn {
  const choice = conversation.toolChoice ?? 'auto';
  if (choice === 'none') return uncappedTurn({ ...conversation, toolsOffered: [] }, scenarios, false);
  const turn = uncappedTurn(conversation, scenarios, true);
  if (choice === 'auto' || conversation.toolResults.length > 0) return turn;
  const name = typeof choice === 'object' ? choice.name : conversation.toolsOffered[0];
  if (name === undefined) return turn;
  const calls = turn.kind === 'tool_calls' ? turn.calls.filter((call) => typeof choice !== 'object' || call.name === name) : [];
  return { kind: 'tool_calls', calls: calls.length > 0 ? calls : [{ name, arguments: '{}' }] };
}

/** A text reply ends before the first stop sequence it contains, as a model's does. */
function stopTurn(turn: Turn, stop: string[] | undefined): Turn {
  if (turn.kind !== 'text' || !stop?.length) return turn;
  const cut = Math.min(...stop.map((sequence) => turn.text.indexOf(sequence)).filter((index) => index >= 0));
  return Number.isFinite(cut) ? { kind: 'text', text: normaliseText(turn.text.slice(0, cut)), stop: 'end' } : turn;
}

export function refusalTurn(conversation: Conversation): Turn {
  return {
    kind: 'refusal',
    text: hasArabic(conversation.lastUserText) ? 'عذرًا، لا يمكنني المساعدة في هذا الطلب.' : "I'm sorry, but I can't help with that request.",
  };
}

function uncappedTurn(conversation: Conversation, scenarios: Scenarios, mayCall: boolean): Turn {
  const { lastUserText: text, toolsOffered } = conversation;
  const arabic = hasArabic(text);
  if (conversation.toolResults.length > 0) return textTurn(answerWithResults(conversation, scenarios, arabic));

  const calls = mayCall ? callLines(text) : [];
  if (calls.length > 0) return { kind: 'tool_calls', calls };

  const wordCount = tokensMarker(text);
  if (wordCount !== undefined) return textTurn(Array.from({ length: wordCount }, (_, i) => `w${i + 1}`).join(' '));

  if (toolsOffered.includes('handoff') && asksForPerson(text)) {
    const summary = JSON.stringify({ reason: 'customer_requested', summary: shortSummary(text) });
    return { kind: 'tool_calls', calls: [{ name: 'handoff', arguments: summary }] };
  }

  const scenarioName = scenarioMarker(conversation.instructions);
  const rule = scenarioName ? matchRule(scenarios.get(scenarioName) ?? [], text) : undefined;
  if (rule?.toolCall && toolsOffered.includes(rule.toolCall.name)) {
    return { kind: 'tool_calls', calls: [{ name: rule.toolCall.name, arguments: JSON.stringify(rule.toolCall.arguments) }] };
  }
  if (rule) return textTurn(rule.reply);

  const echoed = normaliseText(withoutMarkers(text));
  return textTurn(arabic ? `قلت: ${echoed}` : `You said: ${echoed}`);
}

const textTurn = (text: string): Turn => ({ kind: 'text', text: normaliseText(text), stop: 'end' });

/** The scenario rule's answer made from its tool's result, when it has one and the result fits it; else each result quoted. */
function answerWithResults(conversation: Conversation, scenarios: Scenarios, arabic: boolean): string {
  const scenarioName = scenarioMarker(conversation.instructions);
  const rule = scenarioName ? matchRule(scenarios.get(scenarioName) ?? [], conversation.lastUserText) : undefined;
  const result = conversation.toolResults.find((r) => r.name === rule?.toolCall?.name);
  const answer = rule?.replyWithResult && result ? fillFromResult(rule.replyWithResult, result.output) : undefined;
  return answer ?? conversation.toolResults.map((r) => quoteResult(r, arabic)).join(' ');
}

const quoteResult = (result: ToolResult, arabic: boolean) =>
  arabic ? `أعادت الأداة ${result.name}: ${result.output}` : `Tool ${result.name} returned: ${result.output}`;

const SUMMARY_CHARS = 120;
function shortSummary(text: string): string {
  const clean = normaliseText(withoutMarkers(text));
  const chars = Array.from(clean);
  return chars.length <= SUMMARY_CHARS ? clean : `${chars.slice(0, SUMMARY_CHARS - 1).join('')}…`;
}
