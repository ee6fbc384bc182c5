import type { AgentRun } from '@/server/db';
import { columnList } from '@/server/db/column-list';

/** agent_runs as the run engine's named statements read it (server/agent/runs/run-rows.ts). */
export const agentRunColumns = columnList<AgentRun>('agent_runs', 'AgentRun', [
  ['id', 'id'],
  ['project_id', 'projectId'],
  ['org_id', 'orgId'],
  ['agent_id', 'agentId'],
  ['agent_version', 'agentVersion'],
  ['status', 'status'],
  ['model', 'model'],
  ['input', 'input'],
  ['output_text', 'outputText'],
  ['error', 'error'],
  ['attempts', 'attempts'],
  ['input_tokens', 'inputTokens'],
  ['output_tokens', 'outputTokens'],
  ['cost_micros', 'costMicros'],
  ['created_at', 'createdAt'],
  ['completed_at', 'completedAt'],
  ['session_id', 'sessionId'],
  ['input_message_id', 'inputMessageId'],
  ['reply_message_id', 'replyMessageId'],
  ['outcome', 'outcome'],
  ['required_action', 'requiredAction'],
  ['action_expires_at', 'actionExpiresAt'],
  ['turns', 'turns'],
  ['options', 'options'],
  ['worker_id', 'workerId'],
  ['lease_until', 'leaseUntil'],
  ['started_at', 'startedAt'],
  ['updated_at', 'updatedAt'],
]);
export const RUN_COLUMNS = agentRunColumns.select();

/** A row read with agentRunColumns as Prisma would give it (`cost_micros` is an int8, read as text). */
export function toRun(row: Record<string, unknown>): AgentRun {
  const run = Object.fromEntries(agentRunColumns.columns.map(([, field]) => [field, row[field]])) as unknown as AgentRun;
  return { ...run, costMicros: BigInt(row.costMicros as string) };
}
