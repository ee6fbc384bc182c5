import type { AgentMessage } from '@/server/db';
import type { ModelTurn } from '@/server/agent/providers/model-events';

/** How much of a session's history a run gives the model. */
export const HISTORY_MESSAGES = 50;

/**
 * The conversation a run answers, as model turns: the session's messages up to and including
 * the run's own input, oldest first. Staff replies read as the assistant's (they spoke for the
 * organization); notes (a handoff ended, a non-text message) as bracketed user context.
 */
export function historyTurns(messages: Array<Pick<AgentMessage, 'role' | 'text'>>): ModelTurn[] {
  return messages.map((row): ModelTurn => {
    if (row.role === 'assistant' || row.role === 'staff') return { role: 'assistant', text: row.text };
    if (row.role === 'note') return { role: 'user', text: `[note] ${row.text}` };
    return { role: 'user', text: row.text };
  });
}
