import { db, Prisma, type AgentMessage, type AgentRun, type AgentSession, type DbTx } from '@/server/db';
import { newId } from '@/server/db/ids';
import { AgentError } from '@/server/errors/agent-error';
import type { ProjectCaller } from '@/server/agent/access/agent-caller';
import { assertAgentReady } from '@/server/agent/agents/agent-readiness';
import { inputLimitFor, readAskInput } from '@/server/agent/ask/ask-input';
import { checkOverrides } from '@/server/agent/ask/ask-overrides';
import { resolveVariables, type VariableValue } from '@/server/agent/ask/ask-variables';
import { checkRequestedModel } from '@/server/agent/ask/model-candidates';
import { loadProjectModelAccess } from '@/server/agent/models/project-model-access';
import { findSession } from '@/server/agent/sessions/manage-sessions';
import { sessionAgent } from '@/server/agent/sessions/session-agent';
import { admitConversation } from '@/server/agent/usage/ai-usage-limits';
import { addOutboxJob } from '@/server/outbox';
import { appendRunEvent } from './run-stream';
import { keepRunSecrets } from './run-secrets';
import { executeRunJob, queuePositionOf } from './session-runs';

/** Messages that may wait in a session behind the one being answered (agent-service-errors.md, Limits). */
export const SESSION_QUEUE_LIMIT = 10;

export interface SessionMessageInput {
  input: unknown;
  client_message_id?: string;
  variables?: Record<string, VariableValue>;
  overrides?: Record<string, unknown>;
  if_closed: 'reopen' | 'error';
}

export interface AcceptedMessage {
  run: AgentRun;
  message: AgentMessage;
  queuePosition?: number;
  /** The same client_message_id was sent before: its run, not a new one. */
  replayed: boolean;
}

/**
 * Accepts a user message into a session (agent-api.md §1.3–1.5) and starts or queues its run;
 * the run itself executes in the worker. Refusals come first, before anything is written:
 * input, the agent (archived, not ready), variables (message, then session, then defaults),
 * overrides and the model they pick, the monthly quota on the session's first run of the month.
 * Then, with the session row locked: closed sessions (reopened unless `if_closed: error`),
 * `client_message_id` replays, and concurrency (`session_busy` with Retry-After for `reject`,
 * `queued` behind the others for `queue`, the eleventh waiting refused).
 */
export async function acceptSessionMessage(caller: ProjectCaller, sessionRef: string, body: SessionMessageInput): Promise<AcceptedMessage> {
  const session = await findSession(caller.projectId, sessionRef);
  const text = readAskInput(body.input, inputLimitFor(caller));
  const [{ agent, version, config }, access] = await Promise.all([sessionAgent(session), loadProjectModelAccess(caller.projectId)]);
  assertAgentReady(agent.slug, config, access);

  const given = body.variables ?? {};
  const variables = resolveVariables(config.variables, { ...(session.variables as Record<string, VariableValue>), ...given });
  const overrides = checkOverrides(body.overrides ?? {}, config);
  const model = overrides.model ? checkRequestedModel(overrides.model, access, config.provider_credential).id : config.model.id;
  const secrets: Record<string, VariableValue> = {};
  const plain: Record<string, VariableValue> = {};
  for (const [name, value] of Object.entries(given)) (variables.get(name)?.secret ? secrets : plain)[name] = value;

  const runId = newId('agentRun');
  await keepRunSecrets(runId, secrets);
  const refund = (await firstRunThisMonth(session.id))
    ? await admitConversation(caller.orgId, { dailyCostCapMicros: null, monthlyConversations: access.plan.monthlyConversations })
    : undefined;
  try {
    return await db.$transaction(async (tx) => {
      const locked = await lockSession(tx, session.id);
      if (locked.status === 'closed') {
        if (body.if_closed === 'error') throw new AgentError('session_closed', { param: 'session' });
        await tx.agentSession.update({ where: { id: session.id }, data: { status: 'open', closedAt: null } });
      }
      let message: AgentMessage | null = null;
      if (body.client_message_id !== undefined) {
        message = await tx.agentMessage.findUnique({
          where: { sessionId_clientMessageId: { sessionId: session.id, clientMessageId: body.client_message_id } },
        });
        if (message && message.text !== text) throw new AgentError('client_message_id_conflict', { param: '/client_message_id' });
        const earlier = message && (await tx.agentRun.findFirst({ where: { inputMessageId: message.id }, orderBy: { createdAt: 'desc' } }));
        // A failed run is run again; anything else is the answer already given.
        if (message && earlier && earlier.status !== 'failed') {
          return { run: earlier, message, replayed: true, queuePosition: await queuePositionOf(earlier) };
        }
      }
      const { active, waiting } = await sessionLoad(tx, session.id);
      const busy = active > 0 || waiting > 0;
      if (busy && locked.concurrency === 'reject') {
        throw new AgentError('session_busy', { param: 'session', headers: { 'Retry-After': String(await secondsLeft(tx, session.id)) } });
      }
      if (busy && waiting >= SESSION_QUEUE_LIMIT) throw new AgentError('session_queue_full', { param: 'session' });

      message ??= await tx.agentMessage.create({
        data: {
          id: newId('agentMessage'),
          projectId: caller.projectId,
          sessionId: session.id,
          role: 'user',
          text,
          clientMessageId: body.client_message_id,
        },
      });
      const run = await tx.agentRun.create({
        data: {
          id: runId,
          projectId: caller.projectId,
          orgId: caller.orgId,
          agentId: agent.id,
          agentVersion: version,
          sessionId: session.id,
          inputMessageId: message.id,
          status: busy ? 'queued' : 'in_progress',
          model,
          input: text,
          options: { variables: plain, overrides } as unknown as Prisma.InputJsonObject,
        },
      });
      await tx.agentMessage.update({ where: { id: message.id }, data: { runId } });
      if (!busy) await addOutboxJob(tx, executeRunJob(run.id, 0));
      await tx.agentSession.update({ where: { id: session.id }, data: { updatedAt: new Date() } });
      const queuePosition = busy ? waiting + 1 : undefined;
      // Logged before the commit, so the worker's first event always comes after these.
      const target = { runId, sessionId: session.id };
      await appendRunEvent(target, 'run.created', { id: runId, status: run.status, session: session.id });
      if (busy) await appendRunEvent(target, 'run.queued', { id: runId, queue_position: queuePosition });
      return { run, message, replayed: false, queuePosition };
    });
  } catch (error) {
    await refund?.();
    throw error;
  }
}

async function lockSession(tx: DbTx, sessionId: string): Promise<Pick<AgentSession, 'status' | 'concurrency'>> {
  const [row] = await tx.$queryRaw<Array<Pick<AgentSession, 'status' | 'concurrency'>>>`
    SELECT status, concurrency FROM agent_sessions WHERE id = ${sessionId} FOR UPDATE`;
  if (!row) throw new AgentError('session_not_found', { param: 'session' });
  return row;
}

/** Runs answering (in progress or waiting for tool outputs) and runs waiting their turn. */
async function sessionLoad(tx: DbTx, sessionId: string): Promise<{ active: number; waiting: number }> {
  const [row] = await tx.$queryRaw<Array<{ active: bigint; waiting: bigint }>>`
    SELECT COUNT(*) FILTER (WHERE status IN ('in_progress', 'requires_action')) AS active,
           COUNT(*) FILTER (WHERE status = 'queued') AS waiting
      FROM agent_runs WHERE session_id = ${sessionId} AND status IN ('queued', 'in_progress', 'requires_action')`;
  return { active: Number(row?.active ?? 0), waiting: Number(row?.waiting ?? 0) };
}

/** Retry-After for a busy session: the session's usual run time left for the one answering now (at least 1 s). */
async function secondsLeft(tx: DbTx, sessionId: string): Promise<number> {
  const [row] = await tx.$queryRaw<Array<{ typical: number | null; elapsed: number | null }>>`
    SELECT (SELECT AVG(EXTRACT(EPOCH FROM completed_at - started_at)) FROM (
              SELECT completed_at, started_at FROM agent_runs
               WHERE session_id = ${sessionId} AND status = 'completed' AND started_at IS NOT NULL
               ORDER BY created_at DESC LIMIT 5) recent)::float8 AS typical,
           (SELECT EXTRACT(EPOCH FROM now() - COALESCE(started_at, created_at)) FROM agent_runs
             WHERE session_id = ${sessionId} AND status IN ('in_progress', 'requires_action') LIMIT 1)::float8 AS elapsed`;
  const typical = row?.typical ?? 5;
  return Math.max(1, Math.ceil(typical - (row?.elapsed ?? 0)));
}

/** A session counts as one AI conversation in each UTC month it runs in (agent-api.md §1.8). */
async function firstRunThisMonth(sessionId: string): Promise<boolean> {
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const earlier = await db.agentRun.findFirst({ where: { sessionId, createdAt: { gte: monthStart } }, select: { id: true } });
  return earlier === null;
}
