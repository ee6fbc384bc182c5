import { db, Prisma } from '@/server/db';
import { AgentError, runError } from '@/server/errors/agent-error';
import { presentRun, type RequiredAction } from '@/server/agent/ask/present-run';
import type { ModelTurn } from '@/server/agent/providers/model-events';
import { addOutboxJob } from '@/server/outbox';
import { endRunFromOutside, findSessionRun } from './end-run';
import { executeRunJob } from './session-runs';

export interface ToolOutput {
  call_id: string;
  output: string;
}

/**
 * POST /v1/runs/{run}/tool_outputs (agent-api.md §1.4): one output for every `call_id` of the
 * run's `required_action`, in one request. The run goes back to `in_progress` and a worker
 * resumes it. Not waiting → 409 `run_not_requires_action` (one whose deadline passed is failed
 * `tool_outputs_expired` first); an unknown or repeated `call_id` → 422 `validation_failed`;
 * a missing one → 422 `tool_outputs_incomplete`.
 */
export async function submitToolOutputs(projectId: string, runId: string, outputs: ToolOutput[]) {
  const run = await findSessionRun(projectId, runId);
  if (run.status === 'requires_action' && run.actionExpiresAt && run.actionExpiresAt <= new Date()) {
    await endRunFromOutside(run.id, ['requires_action'], { status: 'failed', error: runError('tool_outputs_expired') });
    throw new AgentError('run_not_requires_action', { param: 'run' });
  }
  if (run.status !== 'requires_action') throw new AgentError('run_not_requires_action', { param: 'run' });
  const required = (run.requiredAction as unknown as RequiredAction).tool_calls;
  const seen = new Set<string>();
  outputs.forEach((output, index) => {
    const call = required.find((c) => c.call_id === output.call_id);
    if (!call || seen.has(output.call_id)) {
      throw new AgentError('validation_failed', {
        param: `/tool_outputs/${index}/call_id`,
        details: { detail: call ? 'this call_id was given twice.' : 'no call of this run has this call_id.' },
      });
    }
    seen.add(output.call_id);
  });
  const missing = required.find((call) => !seen.has(call.call_id));
  if (missing) throw new AgentError('tool_outputs_incomplete', { param: '/tool_outputs', details: { call_id: missing.call_id } });

  const turns = [
    ...((run.turns as ModelTurn[] | null) ?? []),
    ...required.map((call): ModelTurn => ({
      role: 'tool',
      callId: call.call_id,
      name: call.name,
      output: outputs.find((o) => o.call_id === call.call_id)!.output,
    })),
  ];
  const step = turns.filter((turn) => turn.role === 'assistant').length;
  const resumed = await db.$transaction(async (tx) => {
    const { count } = await tx.agentRun.updateMany({
      where: { id: run.id, status: 'requires_action' },
      data: { status: 'in_progress', requiredAction: Prisma.DbNull, actionExpiresAt: null, turns: turns as unknown as Prisma.InputJsonArray },
    });
    if (count === 0) return null;
    await addOutboxJob(tx, executeRunJob(run.id, step));
    return tx.agentRun.findUniqueOrThrow({ where: { id: run.id } });
  });
  if (!resumed) throw new AgentError('run_not_requires_action', { param: 'run' });
  return presentRun(resumed);
}
