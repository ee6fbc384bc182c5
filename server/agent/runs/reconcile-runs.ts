import { db } from '@/server/db';
import { runError } from '@/server/errors/agent-error';
import { logger } from '@/server/logger';
import { getQueue } from '@/server/queues';
import { endRunFromOutside } from './end-run';
import { executeRunJob } from './session-runs';

/** A run in progress that no worker claimed for this long has lost its job: it is handed over again. */
const UNCLAIMED_MS = 60_000;

/**
 * The runs' deadlines, every 10 s (docs/agent-api.md §1.4, §2.7): a run whose worker's lease lapsed
 * fails `run_interrupted` (never re-run: its tools may have had effects); one waiting for tool
 * outputs past `expires_at` fails `tool_outputs_expired`; either way the session's next queued
 * run starts. A run in progress that no worker ever claimed (its job lost) gets its job again,
 * which is safe: a worker claims a run once. Returns how many runs it ended or handed over.
 */
export async function reconcileRuns(now = new Date()): Promise<number> {
  // The reads use the (status, lease_until) index.
  const lapsed = await db.agentRun.findMany({ where: { status: 'in_progress', leaseUntil: { lt: now } }, select: { id: true }, take: 500 });
  const expired = await db.agentRun.findMany({
    where: { status: 'requires_action', actionExpiresAt: { lt: now } },
    select: { id: true },
    take: 500,
  });
  // An ask's run (no session) is answered in its request, never by a worker: a long one is not a lost job.
  const unclaimed = await db.agentRun.findMany({
    where: { status: 'in_progress', leaseUntil: null, sessionId: { not: null }, updatedAt: { lt: new Date(now.getTime() - UNCLAIMED_MS) } },
    select: { id: true, turns: true },
    take: 500,
  });
  for (const { id } of lapsed) {
    await endRunFromOutside(id, ['in_progress'], { status: 'failed', error: runError('run_interrupted') }, 'lease');
  }
  for (const { id } of expired) {
    await endRunFromOutside(id, ['requires_action'], { status: 'failed', error: runError('tool_outputs_expired') }, 'tool_outputs');
  }
  for (const { id } of unclaimed) {
    const job = executeRunJob(id, Date.now());
    await getQueue('agent-runs').add(job.name, job.data, { jobId: job.jobId });
  }
  const total = lapsed.length + expired.length + unclaimed.length;
  if (total > 0) logger.info({ interrupted: lapsed.length, expired: expired.length, handedOver: unclaimed.length }, 'agent runs reconciled');
  return total;
}
