import type { AgentMessage } from '@/server/db';

/**
 * A session's message as the API shows it (API reference, /agent/docs). A tool message is a call's
 * result: its `call_id`, the tool's `name` and the `output` the model read, in place of `text`.
 */
export const presentMessage = (row: AgentMessage) => ({
  id: row.id,
  object: 'message' as const,
  session: row.sessionId,
  role: row.role,
  ...(row.role === 'tool' ? { call_id: row.callId, name: row.toolName, output: row.text } : { text: row.text }),
  run: row.runId,
  client_message_id: row.clientMessageId,
  /** The member who wrote a staff message. */
  author: row.authorId ?? null,
  created_at: row.createdAt.toISOString(),
});
