import { db, type AgentRun, type DbTx } from '@/server/db';
import { addOutboxJob } from '@/server/outbox';

/** The job that executes (or resumes, at `step` > 0) a run: each step has its own job id. */
export const executeRunJob = (runId: string, step: number) =>
  ({ queue: 'agent-runs', name: 'agent-run.execute', data: { runId, step }, jobId: `agent-run-${runId}-${step}` }) as const;

/** A queued run's place in its session's queue (1 = next). */
export async function queuePositionOf(run: AgentRun): Promise<number | undefined> {
  if (run.status !== 'queued' || !run.sessionId) return undefined;
  const ahead = await db.agentRun.count({ where: { sessionId: run.sessionId, status: 'queued', createdAt: { lt: run.createdAt } } });
  return ahead + 1;
}

/**
 * Starts the session's next queued run, oldest first, when none is answering (agent-api.md
 * §1.5). Called, with the session row locked, by whatever ends or pauses a run for good:
 * completion, failure, cancel, the reconciler. Returns the run started, if any.
 */
export async function promoteNextRun(tx: DbTx, sessionId: string): Promise<string | null> {
  const [next] = await tx.$queryRaw<Array<{ id: string }>>`
    UPDATE agent_runs SET status = 'in_progress', updated_at = now()
     WHERE id = (SELECT id FROM agent_runs WHERE session_id = ${sessionId} AND status = 'queued' ORDER BY created_at, id LIMIT 1)
       AND NOT EXISTS (SELECT 1 FROM agent_runs WHERE session_id = ${sessionId} AND status IN ('in_progress', 'requires_action'))
    RETURNING id`;
  if (!next) return null;
  await addOutboxJob(tx, executeRunJob(next.id, 0));
  return next.id;
}

/** Locks the session row: every change to which run answers holds it (agent-api.md §1.5). */
export async function lockSessionRow(tx: DbTx, sessionId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM agent_sessions WHERE id = ${sessionId} FOR UPDATE`;
}
