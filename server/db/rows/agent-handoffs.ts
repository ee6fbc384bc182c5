import type { AgentHandoff } from '@/server/db';
import { columnList } from '@/server/db/column-list';

/** agent_handoffs as handoffs' statements read it (its `createdAt` is the `opened_at` column). */
export const agentHandoffColumns = columnList<AgentHandoff>('agent_handoffs', 'AgentHandoff', [
  ['id', 'id'],
  ['project_id', 'projectId'],
  ['session_id', 'sessionId'],
  ['status', 'status'],
  ['assignee_id', 'assigneeId'],
  ['reason', 'reason'],
  ['summary', 'summary'],
  ['opened_by', 'openedBy'],
  ['run_id', 'runId'],
  ['note', 'note'],
  ['resolution_note', 'resolutionNote'],
  ['opened_at', 'createdAt'],
  ['assigned_at', 'assignedAt'],
  ['last_staff_at', 'lastStaffAt'],
  ['expires_at', 'expiresAt'],
  ['ended_at', 'endedAt'],
]);
export const HANDOFF_COLUMNS = agentHandoffColumns.select();
