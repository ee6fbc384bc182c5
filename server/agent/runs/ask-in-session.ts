import { createParser } from 'eventsource-parser';
import { db } from '@/server/db';
import { AgentError } from '@/server/errors/agent-error';
import type { AgentErrorCode } from '@/server/errors/agent-codes';
import type { ProjectCaller } from '@/server/agent/access/agent-caller';
import { findAgent } from '@/server/agent/agents/find-agent';
import type { VariableValue } from '@/server/agent/ask/ask-variables';
import { presentRun, type PresentedRun, type RequiredAction } from '@/server/agent/ask/present-run';
import { secondsToUtcMidnight } from '@/server/agent/usage/ai-usage-limits';
import { findSession } from '@/server/agent/sessions/manage-sessions';
import { acceptSessionMessage } from './accept-session-message';
import { runEventsResponse, type StreamContext } from './session-messages';
import { waitForRun } from './wait-for-run';

/** How long a blocking ask within a session waits for its run (the provider's own total time-out). */
const ASK_WAIT_MS = 120_000;

export interface SessionAsk {
  session: string;
  agent: string;
  input: string;
  variables?: Record<string, VariableValue>;
  overrides?: Record<string, unknown>;
}

/**
 * `ask` (and chat completions) within a session: the input becomes the session's next message,
 * answered by a run in the worker with the session's history, as a message would be. Unlike a
 * session message, the answer is the ask's: a run that failed at the provider is 502 with its
 * code, a reached cost cap 429 `cost_cap_exceeded` (docs/agent-api.md §5). The session must be the
 * named agent's (`session_agent_mismatch`). While staff have the session, the AI does not
 * answer: 409 `handoff_already_open`, and nothing is stored.
 */
export async function acceptSessionAsk(caller: ProjectCaller, ask: SessionAsk) {
  const session = await findSession(caller.projectId, ask.session);
  const agent = await findAgent(caller.projectId, ask.agent, { archived: true });
  if (agent.id !== session.agentId) throw new AgentError('session_agent_mismatch', { param: '/session' });
  const accepted = await acceptSessionMessage(caller, session.id, {
    input: ask.input,
    variables: ask.variables,
    overrides: ask.overrides,
    if_closed: 'reopen',
    on_handoff: 'refuse',
  });
  // Refused above while staff have the session; this narrows the type.
  if (accepted.run === null) throw new AgentError('handoff_already_open', { param: 'session' });
  return accepted;
}

/** A blocking ask within a session: waits for the run, then answers as `ask` does. */
export async function askInSession(caller: ProjectCaller, ask: SessionAsk) {
  const { run } = await acceptSessionAsk(caller, ask);
  await waitForRun(run, ASK_WAIT_MS);
  const ended = await db.agentRun.findUniqueOrThrow({ where: { id: run.id } });
  throwIfProviderFailed(presentRun(ended));
  return {
    id: ended.id,
    object: 'ask' as const,
    run: presentRun(ended),
    output_text: ended.outputText ?? '',
    ...(ended.requiredAction ? { required_action: ended.requiredAction as unknown as RequiredAction } : {}),
  };
}

/** A run that failed at the provider or at the cost cap answers as `ask` would (502 / 429). */
export function throwIfProviderFailed(run: PresentedRun): void {
  const code = run.error?.code;
  if (run.status !== 'failed' || !code) return;
  if (code === 'cost_cap_exceeded') throw new AgentError('cost_cap_exceeded', { headers: { 'Retry-After': String(secondsToUtcMidnight()) } });
  if (code.startsWith('provider_')) throw new AgentError(code as AgentErrorCode);
}

/** A streamed ask within a session: the run's own event stream, ending at its end or pause. */
export async function streamAskInSession(caller: ProjectCaller, ask: SessionAsk, context: StreamContext) {
  const { run } = await acceptSessionAsk(caller, ask);
  return runEventsResponse(run, null, context, { endAtPause: true });
}

/**
 * The events of a run's stream as they come, read from the same stream a client would get
 * (so resumption's exactness holds here too): for answers in another shape (chat completions).
 */
export async function* runEventsOf(response: Response): AsyncGenerator<{ event: string; data: unknown }> {
  const queue: Array<{ event: string; data: unknown }> = [];
  const parser = createParser({ onEvent: (e) => queue.push({ event: e.event ?? 'message', data: JSON.parse(e.data) as unknown }) });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
    while (queue.length > 0) yield queue.shift()!;
  }
}
