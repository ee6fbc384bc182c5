import type { Sql } from '@/server/db/sql';
import type { AgentRun, AgentRunStatus } from '@/server/db';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { getPgPool, pgTransaction } from '@/server/db/pg';
import { AgentError } from '@/server/errors/agent-error';
import { presentRun, type RequiredAction } from '@/server/agent/ask/present-run';
import { openHandoff, type HandoffOpener } from '@/server/agent/handoffs/open-handoff';
import type { ModelTurn } from '@/server/agent/providers/model-events';
import type { FallbackAttempt } from '@/server/agent/providers/stream-with-fallback';
import { recordAgentEvent } from '@/server/agent/webhooks/record-agent-event';
import { agentRunColumns, RUN_COLUMNS, toRun } from '@/server/db/rows/agent-runs';
import { lockSession, readSession } from './run-rows';
import { announceRunCancel, runEventLog, type EventLog } from './run-stream';
import { forgetRunSecrets, hasRunSecrets } from './run-secrets';
import { settleSession } from './session-runs';
import { presentMessage } from './present-message';
import { nextMessageTimes } from './message-times';
import { activeHandoff } from '@/server/agent/handoffs/handoff-rows';
import { touchWidgetConversation } from '@/server/agent/widget/widget-conversation';
import { humanRepliedSince, sendWhatsAppReply } from '@/server/agent/channels/whatsapp-replies';
import { whatsAppOriginOf, type WhatsAppOrigin } from '@/server/agent/channels/whatsapp-origin';

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
  /**
   * Staff get the session: the builtin `handoff` was called (the run completes `handed_off`, its
   * reply the escalation text), or the run failed in a way that hands over (a refusal, the cost
   * cap), when the escalation or fallback text is sent.
   */
  handoff?: { reason: string; summary: string | null; openedBy: HandoffOpener };
}

const attemptsOf = (attempts: FallbackAttempt[] | undefined) =>
  attempts === undefined ? null : JSON.stringify(attempts.filter((a) => a.code).map((a) => ({ model: a.modelId, code: a.code! })));

/**
 * Ends a run its worker executed: the run row (only while this worker still holds it, so a
 * run cancelled or interrupted meanwhile keeps that ending and its reply is discarded), the
 * reply message, the webhook events and the session's next queued run started, in one
 * transaction with the session locked. Then `message.completed` and the terminal event.
 */
export async function endRun(
  run: AgentRun,
  workerId: string,
  end: RunEnd,
  events: EventLog = runEventLog({ runId: run.id, sessionId: run.sessionId }),
): Promise<void> {
  const reply =
    end.status === 'completed' && run.sessionId
      ? {
          id: newId('agentMessage'),
          projectId: run.projectId,
          sessionId: run.sessionId,
          role: 'assistant',
          text: end.reply ?? '',
          runId: run.id,
          clientMessageId: null,
          authorId: null,
          callId: null,
          toolName: null,
          // After the run's tool messages, which this process wrote (message-times.ts).
          createdAt: nextMessageTimes(1)[0]!,
        }
      : null;
  // A WhatsApp run's reply goes to the customer too (docs/agent-api.md §2.4), unless a person took
  // over meanwhile: then it is dropped and the run is cancelled.
  const origin = run.sessionId ? whatsAppOriginOf(run) : null;
  let afterCommit: (() => Promise<void>) | undefined;
  let inbox = null as (() => Promise<void>) | null;
  // A WhatsApp customer whose answer failed gets the fallback message and a person (docs/agent-api.md §1.4).
  const handoff =
    end.handoff ??
    (end.status === 'failed' && origin ? { reason: end.error?.code ?? 'run_failed', summary: null, openedBy: 'run_failed' as const } : undefined);
  const ended = await pgTransaction(async (client) => {
    if (run.sessionId) await lockSession(client, run.sessionId);
    const dropped = reply !== null && origin !== null && (await replyBlocked(client, run, origin));
    const status = dropped ? 'cancelled' : end.status;
    const kept = dropped ? null : reply;
    const { rows } = await client.query({
      name: 'agent-run-end',
      text: `UPDATE agent_runs SET status = $3::"AgentRunStatus", outcome = $4, output_text = $5, error = $6::jsonb, reply_message_id = $7,
               completed_at = now(), updated_at = now(), lease_until = NULL, required_action = NULL, turns = NULL,
               model = COALESCE($8, model), input_tokens = COALESCE($9, input_tokens), output_tokens = COALESCE($10, output_tokens),
               cost_micros = COALESCE($11, cost_micros), attempts = COALESCE($12::jsonb, attempts)
             WHERE id = $1 AND status = 'in_progress' AND worker_id = $2
             RETURNING ${RUN_COLUMNS}`,
      values: [
        run.id,
        workerId,
        status,
        status === 'completed' ? (handoff ? 'handed_off' : 'replied') : null,
        end.reply ?? null,
        end.error ? JSON.stringify(end.error) : null,
        kept?.id ?? null,
        end.model ?? null,
        end.usage?.inputTokens ?? null,
        end.usage?.outputTokens ?? null,
        end.usage ? String(end.usage.costMicros) : null,
        attemptsOf(end.attempts),
      ],
    });
    if (!rows[0]) return null;
    const row = toRun(rows[0]);
    // Handed over before the queue moves on: opening cancels the session's waiting runs.
    const handedOver =
      handoff && run.sessionId && !dropped
        ? await openHandoff(client, {
            projectId: run.projectId,
            sessionId: run.sessionId,
            reason: handoff.reason,
            summary: handoff.summary,
            openedBy: handoff.openedBy,
            runId: run.id,
            exceptRunId: run.id,
            writeEscalation: end.status === 'failed',
            escalationKind: handoff.openedBy === 'refusal' || handoff.openedBy === 'run_failed' ? 'fallback' : 'escalation',
          })
        : null;
    afterCommit = handedOver?.afterCommit;
    if (run.sessionId) await settleSession(client, run.sessionId, kept);
    // A widget visitor's conversation line shows the AI's answer (docs/agent-api.md §2.6); a WhatsApp reply's is messaging's.
    if (kept && !origin && run.sessionId) inbox = await touchWidgetConversation(client, run.sessionId, kept);
    if (kept && origin && kept.text.trim() !== '') await sendWhatsAppReply(client, origin, run, kept.text);
    if (kept) await recordAgentEvent(client, { projectId: run.projectId, type: 'message.created', data: presentMessage(kept) });
    // A cancel records no webhook event (as endRunFromOutside's).
    if (status !== 'cancelled') {
      await recordAgentEvent(client, {
        projectId: run.projectId,
        type: status === 'completed' ? 'run.completed' : 'run.failed',
        data: presentRun(row),
      });
    }
    return { row, kept };
  });
  if (!ended) return;
  await afterCommit?.();
  await inbox?.();
  const { row: endedRun, kept } = ended;
  if (kept) events.add('message.completed', { id: kept.id, text: kept.text });
  events.add(`run.${endedRun.status}`, presentRun(endedRun));
  await events.flushed();
  if (hasRunSecrets(run)) await forgetRunSecrets(run.id);
}

/**
 * Whether a WhatsApp run's reply must be dropped (docs/agent-api.md §2.4), read with the session
 * locked: a handoff of the session is active, or a person wrote to the customer since the run started.
 */
async function replyBlocked(client: Sql, run: AgentRun, origin: WhatsAppOrigin): Promise<boolean> {
  if (run.sessionId && (await activeHandoff(client, run.sessionId))) return true;
  return humanRepliedSince(client, origin.contact_id, run.startedAt ?? run.createdAt);
}

/**
 * The model called client tools (docs/agent-api.md §1.4): the run waits for their outputs until
 * `expires_at`, keeping the turns so far; its lease is given up, the session stays busy.
 */
export async function pauseForToolOutputs(
  run: AgentRun,
  workerId: string,
  pause: { turns: ModelTurn[]; required: RequiredAction; model: string; usage: RunUsage; attempts: FallbackAttempt[]; events: EventLog },
): Promise<void> {
  const paused = await pgTransaction(async (client) => {
    const { rows } = await client.query({
      name: 'agent-run-pause',
      text: `UPDATE agent_runs SET status = 'requires_action', required_action = $3::jsonb, action_expires_at = $4, turns = $5::jsonb,
               lease_until = NULL, worker_id = NULL, updated_at = now(), model = $6, input_tokens = $7, output_tokens = $8, cost_micros = $9,
               attempts = $10::jsonb
             WHERE id = $1 AND status = 'in_progress' AND worker_id = $2
             RETURNING ${RUN_COLUMNS}`,
      values: [
        run.id,
        workerId,
        JSON.stringify(pause.required),
        new Date(pause.required.expires_at),
        JSON.stringify(pause.turns),
        pause.model,
        pause.usage.inputTokens,
        pause.usage.outputTokens,
        String(pause.usage.costMicros),
        attemptsOf(pause.attempts),
      ],
    });
    if (!rows[0]) return null;
    const row = toRun(rows[0]);
    await recordAgentEvent(client, { projectId: run.projectId, type: 'run.requires_action', data: presentRun(row) });
    return row;
  });
  if (!paused) return;
  pause.events.add('run.requires_action', presentRun(paused));
  await pause.events.flushed();
}

/** Sessions of a channel's customers (WhatsApp, the widget), who are never left without an answer or a person. */
const channelSessions = new Set(['whatsapp', 'widget']);

/**
 * Ends a run from outside its worker: a cancel, the reconciler (a lapsed lease, tool outputs
 * too late). Only from one of `from`, checked under the session lock, and with `stillDue` only
 * if that deadline (lease or tool outputs) has really passed. Returns the run as ended, or null
 * when it had moved on.
 */
export async function endRunFromOutside(
  runId: string,
  from: AgentRunStatus[],
  end: { status: 'failed' | 'cancelled'; error?: { code: string; message: string } },
  stillDue?: 'lease' | 'tool_outputs',
): Promise<AgentRun | null> {
  const run = await db.agentRun.findUnique({ where: { id: runId }, select: { sessionId: true, projectId: true } });
  if (!run) return null;
  let afterCommit: (() => Promise<void>) | undefined;
  const ended = await pgTransaction(async (client: Sql) => {
    if (run.sessionId) await lockSession(client, run.sessionId);
    const { rows } = await client.query({
      name: 'agent-run-end-outside',
      text: `UPDATE agent_runs SET status = $3::"AgentRunStatus", error = $4::jsonb, completed_at = now(), updated_at = now(),
               lease_until = NULL, required_action = NULL, turns = NULL
             WHERE id = $1 AND status = ANY($2::"AgentRunStatus"[])
               AND ($5::text IS NULL OR ($5 = 'lease' AND lease_until < now()) OR ($5 = 'tool_outputs' AND action_expires_at < now()))
             RETURNING ${RUN_COLUMNS}`,
      values: [runId, from, end.status, end.error ? JSON.stringify(end.error) : null, stillDue ?? null],
    });
    if (!rows[0]) return null;
    const row = toRun(rows[0]);
    if (row.status === 'failed') await recordAgentEvent(client, { projectId: run.projectId, type: 'run.failed', data: presentRun(row) });
    if (run.sessionId && end.error?.code === 'run_interrupted' && channelSessions.has((await readSession(client, run.sessionId)).channel)) {
      // A customer on a channel must not be left unanswered: staff take over (docs/agent-api.md §1.7).
      const opened = await openHandoff(client, {
        projectId: run.projectId,
        sessionId: run.sessionId,
        reason: 'run_interrupted',
        openedBy: 'interrupted',
        runId,
        exceptRunId: runId,
      });
      afterCommit = opened.afterCommit;
    }
    if (run.sessionId) await settleSession(client, run.sessionId);
    return row;
  });
  if (!ended) return null;
  await afterCommit?.();
  await announceRunCancel(runId);
  const events = runEventLog({ runId: ended.id, sessionId: ended.sessionId });
  events.add(`run.${ended.status}`, presentRun(ended));
  await events.flushed();
  if (hasRunSecrets(ended)) await forgetRunSecrets(runId);
  return ended;
}

/**
 * POST /v1/runs/{run}/cancel: a run not yet finished becomes `cancelled` (its worker sees the
 * event and stops; a reply not yet written is discarded); a finished one is 409
 * `run_already_completed`.
 */
export async function cancelRun(projectId: string, runId: string, owner?: string) {
  const run = await findSessionRun(projectId, runId, owner);
  const ended = await endRunFromOutside(run.id, ['queued', 'in_progress', 'requires_action'], { status: 'cancelled' });
  if (!ended) throw new AgentError('run_already_completed', { param: 'run' });
  return presentRun(ended);
}

/**
 * A run of the project by id (with `owner`, of a session of that end user); another project's
 * or end user's, or none, is 404. Raw SQL: tool outputs, run streams and cancels start here.
 */
export async function findSessionRun(projectId: string, runId: string, owner?: string): Promise<AgentRun> {
  const { rows } = await getPgPool().query(
    owner === undefined
      ? {
          name: 'agent-run-of-project',
          text: `SELECT ${RUN_COLUMNS} FROM agent_runs WHERE id = $1 AND project_id = $2`,
          values: [runId, projectId],
        }
      : {
          name: 'agent-run-of-end-user',
          text: `SELECT ${agentRunColumns.select('r')} FROM agent_runs r JOIN agent_sessions s ON s.id = r.session_id
                  WHERE r.id = $1 AND r.project_id = $2 AND s.end_user_id = $3`,
          values: [runId, projectId, owner],
        },
  );
  if (!rows[0]) throw new AgentError('resource_not_found', { param: 'run', details: { resource: 'run' } });
  return toRun(rows[0]);
}
