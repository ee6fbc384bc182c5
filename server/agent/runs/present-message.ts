import type { AgentMessage } from '@/server/db';

/** A session's message as the API shows it (agent-api.md §1.3). */
export const presentMessage = (row: AgentMessage) => ({
  id: row.id,
  object: 'message' as const,
  session: row.sessionId,
  role: row.role,
  text: row.text,
  run: row.runId,
  client_message_id: row.clientMessageId,
  /** The member who wrote a staff message. */
  author: row.authorId ?? null,
  created_at: row.createdAt.toISOString(),
});
