import type { AgentMessage } from '@/server/db';
import { columnList } from '@/server/db/column-list';

/** agent_messages as the run engine reads a session's messages. */
export const agentMessageColumns = columnList<AgentMessage>('agent_messages', 'AgentMessage', [
  ['id', 'id'],
  ['project_id', 'projectId'],
  ['session_id', 'sessionId'],
  ['role', 'role'],
  ['text', 'text'],
  ['run_id', 'runId'],
  ['client_message_id', 'clientMessageId'],
  ['author_id', 'authorId'],
  ['call_id', 'callId'],
  ['tool_name', 'toolName'],
  ['created_at', 'createdAt'],
]);
export const MESSAGE_COLUMNS = agentMessageColumns.select();
