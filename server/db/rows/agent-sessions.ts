import type { AgentSession } from '@/server/db';
import { columnList } from '@/server/db/column-list';

/** agent_sessions as the run engine and insertSession read it. */
export const agentSessionColumns = columnList<AgentSession>('agent_sessions', 'AgentSession', [
  ['id', 'id'],
  ['project_id', 'projectId'],
  ['agent_id', 'agentId'],
  ['external_id', 'externalId'],
  ['end_user_id', 'endUserId'],
  ['channel', 'channel'],
  ['version', 'version'],
  ['concurrency', 'concurrency'],
  ['variables', 'variables'],
  ['metadata', 'metadata'],
  ['status', 'status'],
  ['created_at', 'createdAt'],
  ['updated_at', 'updatedAt'],
  ['closed_at', 'closedAt'],
  ['contact_id', 'contactId'],
]);
export const SESSION_COLUMNS = agentSessionColumns.select();
