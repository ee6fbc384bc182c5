import type { AgentRun } from '@/server/db';
import { getPgPool } from '@/server/db/pg';
import { RUN_COLUMNS, toRun } from '@/server/db/rows/agent-runs';

/**
 * An ask's two writes to `agent_runs`, on the plain pool as named statements: they sit on the
 * streamed ask's path, where the ORM's per-query compile cost was a measurable share of the
 * web process's CPU per ask (`npm run bench:agent-core`).
 */
export async function insertAskRun(row: AgentRun): Promise<void> {
  await getPgPool().query({
    name: 'agent-run-insert',
    text: `INSERT INTO agent_runs (id, project_id, org_id, agent_id, agent_version, status, model, input, created_at, started_at)
           VALUES ($1, $2, $3, $4, $5, $6::"AgentRunStatus", $7, $8, $9, $9)`,
    values: [row.id, row.projectId, row.orgId, row.agentId, row.agentVersion, row.status, row.model, row.input, row.createdAt],
  });
}

export type AskRunEnd = Pick<
  AgentRun,
  | 'status'
  | 'error'
  | 'outputText'
  | 'model'
  | 'attempts'
  | 'inputTokens'
  | 'outputTokens'
  | 'costMicros'
  | 'completedAt'
  | 'requiredAction'
  | 'actionExpiresAt'
  | 'turns'
  | 'options'
>;

/** Records how the run ended, or that it waits for tool outputs, and returns the whole row as stored. */
export async function finishAskRun(row: AgentRun, end: AskRunEnd): Promise<AgentRun> {
  await getPgPool().query({
    name: 'agent-run-finish',
    text: `UPDATE agent_runs SET status = $2::"AgentRunStatus", error = $3::jsonb, output_text = $4, model = $5, attempts = $6::jsonb,
             input_tokens = $7, output_tokens = $8, cost_micros = $9, completed_at = $10, required_action = $11::jsonb,
             action_expires_at = $12, turns = $13::jsonb, options = $14::jsonb, updated_at = now()
           WHERE id = $1`,
    values: [
      row.id,
      end.status,
      end.error === null ? null : JSON.stringify(end.error),
      end.outputText,
      end.model,
      JSON.stringify(end.attempts),
      end.inputTokens,
      end.outputTokens,
      end.costMicros.toString(),
      end.completedAt,
      end.requiredAction === null ? null : JSON.stringify(end.requiredAction),
      end.actionExpiresAt,
      end.turns === null ? null : JSON.stringify(end.turns),
      JSON.stringify(end.options),
    ],
  });
  return { ...row, ...end };
}

/**
 * An ask run waiting for tool outputs goes on: one conditional update, so of two submissions
 * only one resumes it. Null when it no longer waits (or its time is up).
 */
export async function resumeAskRun(runId: string): Promise<AgentRun | null> {
  const { rows } = await getPgPool().query({
    name: 'agent-ask-run-resume',
    text: `UPDATE agent_runs SET status = 'in_progress', required_action = NULL, action_expires_at = NULL, turns = NULL, updated_at = now()
           WHERE id = $1 AND session_id IS NULL AND status = 'requires_action' AND action_expires_at > now()
           RETURNING ${RUN_COLUMNS}`,
    values: [runId],
  });
  return rows[0] ? toRun(rows[0]) : null;
}

/**
 * The ask run of this agent waiting for the outputs of the call `callId`, if any: chat completions
 * send tool results back as `role: "tool"` messages, and those of a waiting run continue it.
 * Only this project's waiting runs are read, through the (project_id, status) index.
 */
export async function findWaitingAskRun(projectId: string, agentId: string, callId: string): Promise<AgentRun | null> {
  const { rows } = await getPgPool().query({
    name: 'agent-ask-run-waiting',
    text: `SELECT ${RUN_COLUMNS} FROM agent_runs
           WHERE project_id = $1 AND agent_id = $2 AND session_id IS NULL AND status = 'requires_action'
             AND required_action -> 'tool_calls' @> $3::jsonb
           LIMIT 1`,
    values: [projectId, agentId, JSON.stringify([{ call_id: callId }])],
  });
  return rows[0] ? toRun(rows[0]) : null;
}
