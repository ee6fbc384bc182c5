import type { AgentRun } from '@/server/db';
import { pgTransaction } from '@/server/db/pg';
import { AgentError, runError } from '@/server/errors/agent-error';
import type { RequiredAction } from '@/server/agent/ask/present-run';
import type { ModelTurn } from '@/server/agent/providers/model-events';
import { addOutboxJobs } from '@/server/outbox';
import { RUN_COLUMNS, toRun } from '@/server/db/rows/agent-runs';
import { endRunFromOutside } from './end-run';
import { executeRunJob } from './session-runs';
import { hasRunSecrets, readRunSecrets } from './run-secrets';
import { redactText } from './redact-secrets';
import { recordToolMessages } from './tool-messages';

/**
 * Tool outputs go into the prompt as the input does, so each is limited as `input` is for the
 * caller (4,000 characters with browser credentials, 32,000 with a secret key): 413
 * `input_too_large` naming the output.
 */
export function checkToolOutputSizes(outputs: ToolOutput[], limit: number): void {
  const over = outputs.findIndex((output) => output.output.length > limit);
  if (over >= 0) {
    throw new AgentError('input_too_large', { param: `/tool_outputs/${over}/output`, details: { limit: limit.toLocaleString('en-US') } });
  }
}

export interface ToolOutput {
  call_id: string;
  output: string;
}

/**
 * POST /v1/runs/{run}/tool_outputs (docs/agent-api.md §1.4): one output for every `call_id` of the
 * run's `required_action`, in one request. The run goes back to `in_progress` and a worker
 * resumes it. Not waiting → 409 `run_not_requires_action` (one whose deadline passed is failed
 * `tool_outputs_expired` first); an unknown or repeated `call_id` → 422 `validation_failed`;
 * a missing one (an empty list too) → 422 `tool_outputs_incomplete`. The outputs join the
 * session's history as tool messages (API reference, /agent/docs). Returns the run as resumed.
 */
export async function submitToolOutputs(run: AgentRun, outputs: ToolOutput[]) {
  const results = await toolOutputTurns(run, outputs);
  const turns = [...((run.turns as ModelTurn[] | null) ?? []), ...results];
  const step = turns.filter((turn) => turn.role === 'assistant').length;
  const { rows } = await pgTransaction(async (client) => {
    const updated = await client.query({
      name: 'agent-run-resume',
      text: `UPDATE agent_runs SET status = 'in_progress', required_action = NULL, action_expires_at = NULL, turns = $2::jsonb, updated_at = now()
             WHERE id = $1 AND status = 'requires_action' RETURNING ${RUN_COLUMNS}`,
      values: [run.id, JSON.stringify(turns)],
    });
    if (updated.rows[0]) {
      await recordToolMessages(
        run,
        results.map(({ callId, name, output }) => ({ callId, name, output })),
        client,
      );
      await addOutboxJobs(client, [executeRunJob(run.id, step)]);
    }
    return updated;
  });
  const resumed = rows[0] ? toRun(rows[0]) : null;
  if (!resumed) throw new AgentError('run_not_requires_action', { param: 'run' });
  return resumed;
}

/** Where a refusal points: `tool_outputs` by default; chat completions name their `role: "tool"` messages. */
export interface ToolOutputParams {
  callId: (index: number) => string;
  all: string;
}

const toolOutputsParams: ToolOutputParams = { callId: (index) => `/tool_outputs/${index}/call_id`, all: '/tool_outputs' };

/**
 * The outputs as the tool turns the model reads, in the order of the calls, once they answer
 * every call of a run that still waits (a session run's or an ask run's).
 */
export async function toolOutputTurns(run: AgentRun, outputs: ToolOutput[], params = toolOutputsParams) {
  if (run.status === 'requires_action' && run.actionExpiresAt && run.actionExpiresAt <= new Date()) {
    await endRunFromOutside(run.id, ['requires_action'], { status: 'failed', error: runError('tool_outputs_expired') }, 'tool_outputs');
    throw new AgentError('run_not_requires_action', { param: 'run' });
  }
  if (run.status !== 'requires_action') throw new AgentError('run_not_requires_action', { param: 'run' });
  const required = (run.requiredAction as unknown as RequiredAction).tool_calls;
  const seen = new Set<string>();
  outputs.forEach((output, index) => {
    const call = required.find((c) => c.call_id === output.call_id);
    if (!call || seen.has(output.call_id)) {
      throw new AgentError('validation_failed', {
        param: params.callId(index),
        details: { detail: call ? 'this call_id was given twice.' : 'no call of this run has this call_id.' },
      });
    }
    seen.add(output.call_id);
  });
  const missing = required.find((call) => !seen.has(call.call_id));
  if (missing) throw new AgentError('tool_outputs_incomplete', { param: params.all, details: { call_id: missing.call_id } });
  // A secret variable of the run echoed in an output reaches neither the model nor the history, as with server tools.
  const secrets = hasRunSecrets(run) ? Object.values(await readRunSecrets(run.id)).map(String) : [];
  return required.map((call) => ({
    role: 'tool' as const,
    callId: call.call_id,
    name: call.name,
    output: redactText(outputs.find((o) => o.call_id === call.call_id)!.output, secrets),
  }));
}
