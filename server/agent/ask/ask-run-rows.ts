import type { AgentRun } from '@/server/db';
import { getPgPool } from '@/server/db/pg';

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
  'status' | 'error' | 'outputText' | 'model' | 'attempts' | 'inputTokens' | 'outputTokens' | 'costMicros' | 'completedAt'
>;

/** Records how the run ended and returns the whole row as stored. */
export async function finishAskRun(row: AgentRun, end: AskRunEnd): Promise<AgentRun> {
  await getPgPool().query({
    name: 'agent-run-finish',
    text: `UPDATE agent_runs SET status = $2::"AgentRunStatus", error = $3::jsonb, output_text = $4, model = $5, attempts = $6::jsonb,
             input_tokens = $7, output_tokens = $8, cost_micros = $9, completed_at = $10
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
    ],
  });
  return { ...row, ...end };
}
