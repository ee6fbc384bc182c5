import { db, Prisma, type AgentRun, type AgentRunStatus } from '@/server/db';
import { newId } from '@/server/db/ids';
import { AgentError } from '@/server/errors/agent-error';
import { presentRun, type RequiredAction } from '@/server/agent/ask/present-run';
import type { ModelTurn } from '@/server/agent/providers/model-events';
import type { FallbackAttempt } from '@/server/agent/providers/stream-with-fallback';
import { runEventLog, type EventLog } from './run-stream';
import { forgetRunSecrets } from './run-secrets';
import { lockSessionRow, promoteNextRun } from './session-runs';

export interface RunUsage {
  inputTokens: number;
  outputTokens: number;
  costMicros: number;
}

export interface RunEnd {
  status: 'completed' | 'failed';
  reply?: string;
  error?: { code: string; message: string };
  model?: string;
  usage?: RunUsage;
  attempts?: FallbackAttempt[];
}

const usageColumns = (end: { model?: string; usage?: RunUsage; attempts?: FallbackAttempt[] }) => ({
  ...(end.model ? { model: end.model } : {}),
  ...(end.usage ? { inputTokens: end.usage.inputTokens, outputTokens: end.usage.outputTokens, costMicros: BigInt(end.usage.costMicros) } : {}),
  ...(end.attempts ? { attempts: end.attempts.filter((a) => a.code).map((a) => ({ model: a.modelId, code: a.code! })) } : {}),
});

/**
 * Ends a run its worker executed: the run row (only while this worker still holds it, so a
 * run cancelled or interrupted meanwhile keeps that ending and its reply is discarded), the
 * reply message, and the session's next queued run started, in one transaction with the
 * session locked. Then `message.completed` and the terminal event.
 */
export async function endRun(
  run: AgentRun,
  workerId: string,
  end: RunEnd,
  events: EventLog = runEventLog({ runId: run.id, sessionId: run.sessionId }),
): Promise<void> {
  const replyId = end.status === 'completed' ? newId('agentMessage') : null;
  const ended = await db.$transaction(async (tx) => {
    if (run.sessionId) await lockSessionRow(tx, run.sessionId);
    const { count } = await tx.agentRun.updateMany({
      where: { id: run.id, status: 'in_progress', workerId },
      data: {
        status: end.status,
        outcome: end.status === 'completed' ? 'replied' : null,
        outputText: end.reply ?? null,
        error: end.error ?? Prisma.DbNull,
        replyMessageId: replyId,
        completedAt: new Date(),
        leaseUntil: null,
        requiredAction: Prisma.DbNull,
        turns: Prisma.DbNull,
        ...usageColumns(end),
      },
    });
    if (count === 0) return null;
    if (replyId && run.sessionId) {
      await tx.agentMessage.create({
        data: { id: replyId, projectId: run.projectId, sessionId: run.sessionId, role: 'assistant', text: end.reply ?? '', runId: run.id },
      });
    }
    if (run.sessionId) await promoteNextRun(tx, run.sessionId);
    return tx.agentRun.findUniqueOrThrow({ where: { id: run.id } });
  });
  if (!ended) return;
  if (replyId) events.add('message.completed', { id: replyId, text: end.reply ?? '' });
  events.add(`run.${ended.status}`, presentRun(ended));
  await events.flushed();
  await forgetRunSecrets(run.id);
}

/**
 * The model called client tools (agent-api.md §1.4): the run waits for their outputs until
 * `expires_at`, keeping the turns so far; its lease is given up, the session stays busy.
 */
export async function pauseForToolOutputs(
  run: AgentRun,
  workerId: string,
  pause: { turns: ModelTurn[]; required: RequiredAction; model: string; usage: RunUsage; attempts: FallbackAttempt[]; events: EventLog },
): Promise<void> {
  const { count } = await db.agentRun.updateMany({
    where: { id: run.id, status: 'in_progress', workerId },
    data: {
      status: 'requires_action',
      requiredAction: pause.required as unknown as Prisma.InputJsonObject,
      actionExpiresAt: new Date(pause.required.expires_at),
      turns: pause.turns as unknown as Prisma.InputJsonArray,
      leaseUntil: null,
      workerId: null,
      ...usageColumns(pause),
    },
  });
  if (count === 0) return;
  const paused = await db.agentRun.findUniqueOrThrow({ where: { id: run.id } });
  pause.events.add('run.requires_action', presentRun(paused));
  await pause.events.flushed();
}

/**
 * Ends a run from outside its worker: a cancel, the reconciler (a lapsed lease, tool outputs
 * too late). Only from one of `from`, checked under the session lock; `extra` narrows it
 * further (the lease really lapsed). Returns the run as ended, or null when it had moved on.
 */
export async function endRunFromOutside(
  runId: string,
  from: AgentRunStatus[],
  end: { status: 'failed' | 'cancelled'; error?: { code: string; message: string } },
  extra: Prisma.AgentRunWhereInput = {},
): Promise<AgentRun | null> {
  const run = await db.agentRun.findUnique({ where: { id: runId } });
  if (!run) return null;
  const ended = await db.$transaction(async (tx) => {
    if (run.sessionId) await lockSessionRow(tx, run.sessionId);
    const { count } = await tx.agentRun.updateMany({
      where: { id: runId, status: { in: from }, ...extra },
      data: {
        status: end.status,
        error: end.error ?? Prisma.DbNull,
        completedAt: new Date(),
        leaseUntil: null,
        requiredAction: Prisma.DbNull,
        turns: Prisma.DbNull,
      },
    });
    if (count === 0) return null;
    if (run.sessionId) await promoteNextRun(tx, run.sessionId);
    return tx.agentRun.findUniqueOrThrow({ where: { id: runId } });
  });
  if (!ended) return null;
  const events = runEventLog({ runId: ended.id, sessionId: ended.sessionId });
  events.add(`run.${ended.status}`, presentRun(ended));
  await events.flushed();
  await forgetRunSecrets(runId);
  return ended;
}

/**
 * POST /v1/runs/{run}/cancel: a run not yet finished becomes `cancelled` (its worker sees the
 * event and stops; a reply not yet written is discarded); a finished one is 409
 * `run_already_completed`.
 */
export async function cancelRun(projectId: string, runId: string) {
  const run = await findSessionRun(projectId, runId);
  const ended = await endRunFromOutside(run.id, ['queued', 'in_progress', 'requires_action'], { status: 'cancelled' });
  if (!ended) throw new AgentError('run_already_completed', { param: 'run' });
  return presentRun(ended);
}

/** A run of the project by id; another project's, or none, is 404. */
export async function findSessionRun(projectId: string, runId: string): Promise<AgentRun> {
  const run = await db.agentRun.findFirst({ where: { id: runId, projectId } });
  if (!run) throw new AgentError('resource_not_found', { param: 'run', details: { resource: 'run' } });
  return run;
}
