import type { Sql } from '@/server/db/sql';
import { db, type AgentMessage, type AgentRun } from '@/server/db';
import { newId } from '@/server/db/ids';
import { pgTransaction } from '@/server/db/pg';
import { lockSession } from './run-rows';

/** The job that executes (or resumes, at `step` > 0) a run: each step has its own job id. */
export const executeRunJob = (runId: string, step: number) =>
  ({ queue: 'agent-runs', name: 'agent-run.execute', data: { runId, step }, jobId: `agent-run-${runId}-${step}` }) as const;

/**
 * Starts a session's next queued run if none is answering, once a channel run's coalescing
 * delay is over (accept-session-message.ts): named after the run it was written for.
 */
export const settleSessionJob = (sessionId: string, runId: string) =>
  ({ queue: 'agent-runs', name: 'agent-session.settle', data: { sessionId }, jobId: `agent-settle-${runId}` }) as const;

/** The settle job: with the session row locked, its next queued run starts (settleSession). */
export async function settleSessionJobRun(_job: unknown, data: { sessionId: string }): Promise<void> {
  await pgTransaction(async (client) => {
    if (await lockSession(client, data.sessionId)) await settleSession(client, data.sessionId);
  });
}

/** A queued run's place in its session's queue (1 = next). */
export async function queuePositionOf(run: AgentRun): Promise<number | undefined> {
  if (run.status !== 'queued' || !run.sessionId) return undefined;
  const ahead = await db.agentRun.count({ where: { sessionId: run.sessionId, status: 'queued', createdAt: { lt: run.createdAt } } });
  return ahead + 1;
}

/**
 * After a run ended or paused for good, with the session row locked: writes its reply message,
 * if any, and starts the session's next queued run, oldest first, when none is answering
 * (docs/agent-api.md §1.5), with the job that executes it. One statement: this is on every run's
 * path. The outbox row is written here rather than by addOutboxJobs, its data being fixed
 * (`{runId, step: 0}`, executeRunJob's). Returns the run started, if any.
 */
export async function settleSession(client: Sql, sessionId: string, reply: AgentMessage | null = null): Promise<string | null> {
  const job = executeRunJob('', 0);
  const { rows } = await client.query<{ id: string }>({
    name: 'agent-session-settle',
    text: `WITH reply AS (
             INSERT INTO agent_messages (id, project_id, session_id, role, text, run_id, client_message_id, created_at)
             SELECT $2, $3, $1, $4, $5, $6, NULL, $7 WHERE $2::text IS NOT NULL
           ), next AS (
             UPDATE agent_runs SET status = 'in_progress', updated_at = now()
              WHERE id = (SELECT id FROM agent_runs WHERE session_id = $1 AND status = 'queued' ORDER BY created_at, id LIMIT 1)
                AND NOT EXISTS (SELECT 1 FROM agent_runs WHERE session_id = $1 AND status IN ('in_progress', 'requires_action'))
              RETURNING id
           ), job AS (
             INSERT INTO outbox_jobs (id, queue, name, data, job_id)
             SELECT $8, $9, $10, jsonb_build_object('runId', next.id, 'step', 0), 'agent-run-' || next.id || '-0' FROM next
           )
           SELECT id FROM next`,
    values: [
      sessionId,
      reply?.id ?? null,
      reply?.projectId ?? null,
      reply?.role ?? null,
      reply?.text ?? null,
      reply?.runId ?? null,
      reply?.createdAt ?? null,
      newId('outbox'),
      job.queue,
      job.name,
    ],
  });
  return rows[0]?.id ?? null;
}
