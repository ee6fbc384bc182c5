import type { ModelTurn } from '@/server/agent/providers/model-events';
import { loadHistory } from './run-rows';

/** How much of a session's history a run gives the model. */
const HISTORY_MESSAGES = 50;

/**
 * The conversation a run answers: the session's messages up to and including the run's own
 * input, oldest first. Staff replies read as the assistant's (they spoke for the organization);
 * notes (a handoff ended, a non-text message) as bracketed user context.
 */
export async function sessionHistory(sessionId: string, inputMessageId: string): Promise<ModelTurn[]> {
  const rows = await loadHistory(sessionId, inputMessageId, HISTORY_MESSAGES);
  return rows.reverse().map((row): ModelTurn => {
    if (row.role === 'assistant' || row.role === 'staff') return { role: 'assistant', text: row.text };
    if (row.role === 'note') return { role: 'user', text: `[note] ${row.text}` };
    return { role: 'user', text: row.text };
  });
}
