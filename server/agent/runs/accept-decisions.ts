import type { AgentMessage, AgentRun } from '@/server/db';
import { AgentError } from '@/server/errors/agent-error';
import type { AgentConfig } from '@/server/agent/agents/agent-config';
import type { SessionLoad } from './accept-statements';

/**
 * What accepting a session message decides, apart from the statements that read its facts and
 * write its outcome (accept-session-message.ts runs them in order, under the session's lock).
 * Pure: each takes what was read so far, and refuses by throwing the contract's error.
 */

/** Messages that may wait in a session behind the one being answered (docs/agent-errors.md, Limits). */
export const SESSION_QUEUE_LIMIT = 10;

/** A closed session is reopened by the message, unless the caller asked for `session_closed` instead. */
export function reopensSession(status: string, ifClosed: 'reopen' | 'error'): boolean {
  if (status !== 'closed') return false;
  if (ifClosed === 'error') throw new AgentError('session_closed', { param: 'session' });
  return true;
}

/**
 * A resent `client_message_id` from an API or browser caller: the same text is a replay of the
 * answer already given, unless that run failed (then it is run again); other text is a conflict.
 */
export function isReplay(message: AgentMessage, text: string, earlier: AgentRun | null): boolean {
  if (message.text !== text) throw new AgentError('client_message_id_conflict', { param: '/client_message_id' });
  return earlier !== null && earlier.status !== 'failed';
}

export type StaffOrRun<Handoff> = { answer: 'run' } | { answer: 'store'; handoff: Handoff } | { answer: 'open_handoff'; topic: string };

/**
 * Who answers the message (docs/agent-api.md §1.7): staff while a handoff is active (the message is
 * stored for them), staff through a handoff the message opens when it names one of the agent's
 * never-handle topics, else a run. Ask (`on_handoff: refuse`) is refused while a handoff is
 * active, and opens none.
 */
export function staffOrRun<Handoff>(
  handoff: Handoff | null,
  onHandoff: 'store' | 'refuse' | undefined,
  config: AgentConfig,
  text: string,
): StaffOrRun<Handoff> {
  if (handoff !== null && onHandoff === 'refuse') throw new AgentError('handoff_already_open', { param: 'session' });
  if (handoff !== null) return { answer: 'store', handoff };
  const topic = onHandoff === 'refuse' ? undefined : neverHandleTopic(config, text);
  return topic === undefined ? { answer: 'run' } : { answer: 'open_handoff', topic };
}

/** The first of the agent's never-handle topics the message names (case and width folded), if any. */
function neverHandleTopic(config: AgentConfig, text: string): string | undefined {
  const fold = (value: string) => value.normalize('NFKC').toLocaleLowerCase();
  const folded = fold(text);
  return config.handoff.never_handle.find((topic) => folded.includes(fold(topic)));
}

export interface RunPlacement {
  /** Other runs of the session are answering or waiting. */
  busy: boolean;
  /** A channel run waits its coalescing delay queued, the session's settle job then starts it. */
  coalescing: boolean;
  queued: boolean;
  queuePosition: number | undefined;
}

/**
 * Where the new run goes (docs/agent-api.md §1.5): answering now, or queued behind the session's
 * others; a `reject` session refuses while busy (`session_busy`, Retry-After its usual run time
 * left), and the eleventh waiting message is refused.
 */
export function placeRun(load: SessionLoad, concurrency: string, coalesceMs: number | undefined): RunPlacement {
  const busy = load.active > 0 || load.waiting > 0;
  if (busy && concurrency === 'reject') {
    throw new AgentError('session_busy', { param: 'session', headers: { 'Retry-After': String(secondsLeft(load)) } });
  }
  if (busy && load.waiting >= SESSION_QUEUE_LIMIT) throw new AgentError('session_queue_full', { param: 'session' });
  const coalescing = !busy && coalesceMs !== undefined && coalesceMs > 0;
  const queued = busy || coalescing;
  return { busy, coalescing, queued, queuePosition: queued ? load.waiting + 1 : undefined };
}

/** Retry-After for a busy session: its usual run time left for the one answering now (at least 1 s). */
const secondsLeft = (load: SessionLoad): number => Math.max(1, Math.ceil((load.typicalS ?? 5) - (load.elapsedS ?? 0)));
