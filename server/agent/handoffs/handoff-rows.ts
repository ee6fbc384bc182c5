import type { Sql } from '@/server/db/sql';
import type { AgentHandoff } from '@/server/db';
import { HANDOFF_COLUMNS } from '@/server/db/rows/agent-handoffs';

/** The statuses in which staff own the session and the bot is silent (docs/agent-api.md §1.7). */
export const ACTIVE_HANDOFF_STATUSES = ['open', 'assigned'];

/** A handoff as the API shows it. */
export const presentHandoff = (row: AgentHandoff) => ({
  id: row.id,
  object: 'handoff' as const,
  session: row.sessionId,
  status: row.status,
  assignee: row.assigneeId,
  reason: row.reason,
  summary: row.summary,
  opened_by: row.openedBy,
  run: row.runId,
  note: row.note,
  resolution_note: row.resolutionNote,
  opened_at: row.createdAt.toISOString(),
  assigned_at: row.assignedAt?.toISOString() ?? null,
  expires_at: row.expiresAt.toISOString(),
  ended_at: row.endedAt?.toISOString() ?? null,
});

/** The session's open or assigned handoff, if any; read in the caller's transaction (which should hold the session's lock). */
export async function activeHandoff(client: Sql, sessionId: string): Promise<AgentHandoff | null> {
  const { rows } = await client.query({
    name: 'agent-handoff-active',
    text: `SELECT ${HANDOFF_COLUMNS} FROM agent_handoffs WHERE session_id = $1 AND status = ANY($2::text[]) ORDER BY opened_at DESC LIMIT 1`,
    values: [sessionId, ACTIVE_HANDOFF_STATUSES],
  });
  return (rows[0] as AgentHandoff | undefined) ?? null;
}
