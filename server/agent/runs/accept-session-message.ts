import type pg from 'pg';
import type { AgentHandoff, AgentMessage, AgentRun } from '@/server/db';
import { pgTransaction } from '@/server/db/pg';
import { newId } from '@/server/db/ids';
import { AgentError } from '@/server/errors/agent-error';
import { ownerOf, type ClientTokenCaller, type ProjectCaller } from '@/server/agent/access/agent-caller';
import { assertAgentReady } from '@/server/agent/agents/agent-readiness';
import { inputLimitFor, readAskInput, SERVER_INPUT_LIMIT } from '@/server/agent/ask/ask-input';
import { checkOverrides } from '@/server/agent/ask/ask-overrides';
import { resolveVariables, type VariableValue } from '@/server/agent/ask/ask-variables';
import { checkRequestedModel } from '@/server/agent/ask/model-candidates';
import { loadProjectModelAccess } from '@/server/agent/models/project-model-access';
import type { AgentConfig } from '@/server/agent/agents/agent-config';
import { activeHandoffWithPg } from '@/server/agent/handoffs/handoff-rows';
import { insertSessionMessageWithPg, openHandoffWithPg } from '@/server/agent/handoffs/open-handoff';
import { sessionAgent } from '@/server/agent/sessions/session-agent';
import { findCatalogueModel } from '@/server/agent/models/catalogue';
import { admitConversation, admitPlaygroundConversation } from '@/server/agent/usage/ai-usage-limits';
import { admitAnonymousMessage } from '@/server/agent/usage/anonymous-caps';
import { recordAgentEventWithPg } from '@/server/agent/webhooks/record-agent-event';
import { outboxJobData } from '@/server/outbox';
import { presentMessage } from './present-message';
import { findRunSession, MESSAGE_COLUMNS, RUN_COLUMNS, runColumnsOf, toRun } from './run-rows';
import { runEventLog } from './run-stream';
import { keepRunSecrets } from './run-secrets';
import { checkBrowserMessageFields, unheldVariables } from './browser-message-fields';
import { executeRunJob, queuePositionOf, settleSessionJob } from './session-runs';

/** Messages that may wait in a session behind the one being answered (docs/agent-errors.md, Limits). */
export const SESSION_QUEUE_LIMIT = 10;

/**
 * Who sends a session message: an API or dashboard caller, or a channel with no HTTP caller
 * (the WhatsApp bot hook, server/agent/whatsapp/), which sends the text it was given.
 */
export type MessageSender = ProjectCaller | ClientTokenCaller | { kind: 'channel'; projectId: string; orgId: string };

/** The WhatsApp message a channel run answers (kept in the run's options): where its reply goes. */
export interface WhatsAppOrigin {
  /** The inbound messaging message (`msg_…`) last added to the run's input. */
  message_id: string;
  account_id: string;
  contact_id: string;
  org_id: string;
}

/**
 * A channel message (docs/agent-api.md §1.5): its run waits `coalesceMs` before it starts, and a
 * message arriving while a run of the session is still queued joins that run's input rather
 * than making one of its own, so a burst, or what was written during a run, gets one answer.
 * While staff have the session the message is stored for them, as any session message.
 */
export interface ChannelMessage {
  coalesceMs: number;
  whatsapp: WhatsAppOrigin;
}

export interface SessionMessageInput {
  input: unknown;
  client_message_id?: string;
  variables?: Record<string, VariableValue>;
  overrides?: Record<string, unknown>;
  if_closed: 'reopen' | 'error';
  /** While staff have the session: store the message for them (session messages) or refuse it, `handoff_already_open` (ask). */
  on_handoff?: 'store' | 'refuse';
}

export type AcceptedMessage = AcceptedForRun | AcceptedForStaff;

export interface AcceptedForRun {
  run: AgentRun;
  /** A channel message: it joined this queued run's input. */
  joined?: boolean;
  handoff?: undefined;
  message: AgentMessage;
  queuePosition?: number;
  /** The same client_message_id was sent before: its run, not a new one. */
  replayed: boolean;
}

/** Why a channel message was not accepted: it was already (a job handed over twice). */
export class ChannelMessageSkipped extends Error {
  constructor(readonly reason: string) {
    super(`channel message skipped: ${reason}`);
  }
}

/** Staff have the session (a handoff was active, or the message named a never-handle topic): stored, no run. */
export interface AcceptedForStaff {
  run: null;
  handoff: AgentHandoff;
  message: AgentMessage;
  replayed: boolean;
  queuePosition?: undefined;
}

/**
 * Accepts a user message into a session (docs/agent-api.md §1.3–1.5) and starts or queues its run;
 * the run itself executes in the worker. Refusals come first, before anything is written:
 * input, the agent (archived, not ready), variables (message, then session, then defaults),
 * overrides and the model they pick, the monthly quota on the session's first run of the month.
 * Then, with the session row locked: closed sessions (reopened unless `if_closed: error`),
 * `client_message_id` replays, and concurrency (`session_busy` with Retry-After for `reject`,
 * `queued` behind the others for `queue`, the eleventh waiting refused). While a handoff is
 * active, or when the message names one of the agent's never-handle topics (which opens one),
 * the message is stored for staff and no run starts (docs/agent-api.md §1.7).
 */
export async function acceptSessionMessage(
  caller: MessageSender,
  sessionRef: string,
  body: SessionMessageInput,
  channel?: ChannelMessage,
): Promise<AcceptedMessage> {
  // A client token reaches only its end user's sessions (another's is 404, as a missing one).
  const session = await findRunSession(caller.projectId, sessionRef, caller.kind === 'channel' ? undefined : ownerOf(caller));
  const text = readAskInput(body.input, caller.kind === 'channel' ? SERVER_INPUT_LIMIT : inputLimitFor(caller));
  const [{ agent, version, config }, access] = await Promise.all([sessionAgent(session), loadProjectModelAccess(caller.projectId)]);
  assertAgentReady(agent.slug, config, access);

  const fromBrowser = caller.kind === 'client_token';
  if (fromBrowser) checkBrowserMessageFields(config.variables, body);
  const held = session.variables as Record<string, VariableValue>;
  const given = fromBrowser ? unheldVariables(body.variables ?? {}, held) : (body.variables ?? {});
  const variables = resolveVariables(config.variables, { ...held, ...given });
  const overrides = checkOverrides(body.overrides ?? {}, config);
  const model = overrides.model ? checkRequestedModel(overrides.model, access, config.provider_credential).id : config.model.id;
  const secrets: Record<string, VariableValue> = {};
  const plain: Record<string, VariableValue> = {};
  for (const [name, value] of Object.entries(given)) (variables.get(name)?.secret ? secrets : plain)[name] = value;

  const runId = newId('agentRun');
  await keepRunSecrets(runId, secrets);
  let refund: (() => Promise<void>) | undefined;
  let refundPlayground: (() => Promise<void>) | undefined;
  let refundAnonymous: (() => Promise<void>) | undefined;
  let afterCommit: (() => Promise<void>) | undefined;
  try {
    const accepted = await pgTransaction(async (client): Promise<AcceptedMessage> => {
      const locked = await lockAndTouchSession(client, session.id);
      if (!locked) throw new AgentError('session_not_found', { param: 'session' });
      if (locked.status === 'closed') {
        if (body.if_closed === 'error') throw new AgentError('session_closed', { param: 'session' });
        await client.query({
          name: 'agent-session-reopen',
          text: "UPDATE agent_sessions SET status = 'open', closed_at = NULL WHERE id = $1",
          values: [session.id],
        });
      }
      let message: AgentMessage | null = null;
      if (channel && body.client_message_id !== undefined) {
        // A channel message handed over again (a retried job): once accepted, it is answered (or joined a run) already.
        const earlier = await findByClientMessageId(client, session.id, body.client_message_id);
        const run = earlier?.runId ? await findRun(client, earlier.runId) : null;
        if (earlier && run) return { run, message: earlier, replayed: true };
        if (earlier) throw new ChannelMessageSkipped('already_accepted');
      }
      if (!channel && body.client_message_id !== undefined) {
        message = await findByClientMessageId(client, session.id, body.client_message_id);
        if (message && message.text !== text) throw new AgentError('client_message_id_conflict', { param: '/client_message_id' });
        const earlier = message && (await latestRunOf(client, message.id));
        // A failed run is run again; anything else is the answer already given.
        if (message && earlier && earlier.status !== 'failed') {
          return { run: earlier, message, replayed: true, queuePosition: await queuePositionOf(earlier) };
        }
      }
      // An anonymous widget visitor's message counts against their caps (docs/agent-api.md §1.8); a replay above did not.
      if (caller.kind === 'client_token' && caller.anonymous) refundAnonymous = await admitAnonymousMessage(caller.address, session.id);
      const handoff = await activeHandoffWithPg(client, session.id);
      if (handoff && body.on_handoff === 'refuse') throw new AgentError('handoff_already_open', { param: 'session' });
      const topic = handoff || body.on_handoff === 'refuse' ? undefined : neverHandleTopic(config, text);
      if (handoff || topic !== undefined) {
        const stored = message ?? userMessage(caller.projectId, session.id, text, body.client_message_id ?? null);
        if (!message) {
          await insertSessionMessageWithPg(client, stored);
          await recordAgentEventWithPg(client, { projectId: caller.projectId, type: 'message.created', data: presentMessage(stored) });
        }
        if (handoff) return { run: null, handoff, message: stored, replayed: message !== null };
        const opened = await openHandoffWithPg(client, {
          projectId: caller.projectId,
          sessionId: session.id,
          reason: 'never_handle',
          summary: `The customer raised "${topic}", a topic the AI never handles.`,
          openedBy: 'never_handle',
        });
        afterCommit = opened.afterCommit;
        return { run: null, handoff: opened.handoff, message: stored, replayed: false };
      }
      if (channel) {
        const joined = await joinQueuedRun(client, session.id, caller.projectId, text, body.client_message_id ?? null, channel.whatsapp);
        if (joined) return joined;
      }
      const load = await sessionLoad(client, session.id);
      const busy = load.active > 0 || load.waiting > 0;
      if (busy && locked.concurrency === 'reject') {
        throw new AgentError('session_busy', { param: 'session', headers: { 'Retry-After': String(secondsLeft(load)) } });
      }
      if (busy && load.waiting >= SESSION_QUEUE_LIMIT) throw new AgentError('session_queue_full', { param: 'session' });
      if (!load.ranThisMonth) {
        refund = await admitConversation(caller.orgId, { dailyCostCapMicros: null, monthlyConversations: access.plan.monthlyConversations });
      }
      if (session.channel === 'playground' && !load.ranToday && findCatalogueModel(model)?.platform_provided) {
        refundPlayground = await admitPlaygroundConversation(caller.projectId);
      }

      const isNew = message === null;
      message = { ...(message ?? userMessage(caller.projectId, session.id, text, body.client_message_id ?? null)), runId };
      const createdAt = message.createdAt;
      // A channel run waits its coalescing delay queued; the session's settle job then starts it.
      const coalescing = !busy && channel !== undefined && channel.coalesceMs > 0;
      const queued = busy || coalescing;
      const job = coalescing
        ? { ...settleSessionJob(session.id, runId), runAt: new Date(Date.now() + channel.coalesceMs) }
        : { ...executeRunJob(runId, 0), runAt: undefined };
      // One statement: the message (new, or a resent one whose run failed, which now points to
      // this run), the run, and unless it waits its turn the job that executes it.
      const { rows } = await client.query({
        name: 'agent-message-accept',
        text: `WITH message AS (
                 INSERT INTO agent_messages (id, project_id, session_id, role, text, run_id, client_message_id, created_at)
                 VALUES ($10, $2, $9, 'user', $8, $1, $13, $12)
                 ON CONFLICT (id) DO UPDATE SET run_id = EXCLUDED.run_id
               ), job AS (
                 INSERT INTO outbox_jobs (id, queue, name, data, job_id, run_at) SELECT $14, $15, $16, $17::jsonb, $18, $20 WHERE NOT $19::boolean
               )
               INSERT INTO agent_runs (id, project_id, org_id, agent_id, agent_version, status, model, input, session_id, input_message_id, options, created_at, updated_at)
               VALUES ($1, $2, $3, $4, $5, $6::"AgentRunStatus", $7, $8, $9, $10, $11::jsonb, $12, $12)
               RETURNING ${RUN_COLUMNS}`,
        values: [
          runId,
          caller.projectId,
          caller.orgId,
          agent.id,
          version,
          queued ? 'queued' : 'in_progress',
          model,
          text,
          session.id,
          message.id,
          JSON.stringify({
            // The worker resolves them again at the run's start: a browser's below the session's then.
            [fromBrowser ? 'browser_variables' : 'variables']: plain,
            overrides,
            ...(Object.keys(secrets).length > 0 ? { secrets: true } : {}),
            ...(channel ? { whatsapp: channel.whatsapp } : {}),
          }),
          createdAt,
          message.clientMessageId,
          newId('outbox'),
          job.queue,
          job.name,
          outboxJobData(job),
          job.jobId,
          busy,
          job.runAt ?? null,
        ],
      });
      const run = toRun(rows[0]!);
      if (isNew) await recordAgentEventWithPg(client, { projectId: caller.projectId, type: 'message.created', data: presentMessage(message) });
      const queuePosition = queued ? load.waiting + 1 : undefined;
      // Logged before the commit, so the worker's first event always comes after these.
      const events = runEventLog({ runId, sessionId: session.id });
      events.add('run.created', { id: runId, status: run.status, session: session.id });
      if (queued) events.add('run.queued', { id: runId, queue_position: queuePosition });
      await events.flushed();
      return { run, message, replayed: false, queuePosition };
    });
    await afterCommit?.();
    return accepted;
  } catch (error) {
    await refund?.();
    await refundPlayground?.();
    await refundAnonymous?.();
    throw error;
  }
}

/** Locks the session's row (every change of which run answers holds it) and marks it as just used. */
async function lockAndTouchSession(client: pg.ClientBase, sessionId: string): Promise<{ status: string; concurrency: string } | null> {
  const { rows } = await client.query({
    name: 'agent-session-lock-touch',
    text: 'UPDATE agent_sessions SET updated_at = now() WHERE id = $1 RETURNING status, concurrency',
    values: [sessionId],
  });
  return (rows[0] as { status: string; concurrency: string } | undefined) ?? null;
}

async function findRun(client: pg.ClientBase, runId: string): Promise<AgentRun | null> {
  const { rows } = await client.query({ name: 'agent-run-by-id', text: `SELECT ${RUN_COLUMNS} FROM agent_runs WHERE id = $1`, values: [runId] });
  return rows[0] ? toRun(rows[0]) : null;
}

/**
 * A channel message joins the session's queued channel run, if there is one (docs/agent-api.md
 * §1.5: a burst, or messages sent during a run, get one run): a user message of that run, now
 * its input message (so its history reaches it), and its text added to the run's input. The
 * session row is locked, and a queued run starts only under that lock, so it cannot start
 * between the read and the write.
 */
async function joinQueuedRun(
  client: pg.ClientBase,
  sessionId: string,
  projectId: string,
  text: string,
  clientMessageId: string | null,
  whatsapp: WhatsAppOrigin,
): Promise<AcceptedMessage | null> {
  const message = userMessage(projectId, sessionId, text, clientMessageId);
  const { rows } = await client.query({
    name: 'agent-run-join-queued',
    text: `WITH target AS (
             SELECT id FROM agent_runs WHERE session_id = $1 AND status = 'queued' AND options ? 'whatsapp'
              ORDER BY created_at DESC, id DESC LIMIT 1
           ), message AS (
             INSERT INTO agent_messages (id, project_id, session_id, role, text, run_id, client_message_id, created_at)
             SELECT $2, $3, $1, 'user', $4, target.id, $5, $6 FROM target
           )
           UPDATE agent_runs r SET input = r.input || E'\n' || $4, input_message_id = $2, updated_at = now(),
                  options = jsonb_set(r.options, '{whatsapp}', $7::jsonb)
             FROM target WHERE r.id = target.id
           RETURNING ${runColumnsOf('r')}`,
    values: [sessionId, message.id, projectId, text, clientMessageId, message.createdAt, JSON.stringify(whatsapp)],
  });
  if (!rows[0]) return null;
  const run = toRun(rows[0]);
  const joined = { ...message, runId: run.id };
  await recordAgentEventWithPg(client, { projectId, type: 'message.created', data: presentMessage(joined) });
  return { run, message: joined, replayed: false, joined: true, queuePosition: await queuePositionOf(run) };
}

async function findByClientMessageId(client: pg.ClientBase, sessionId: string, clientMessageId: string): Promise<AgentMessage | null> {
  const { rows } = await client.query({
    name: 'agent-message-by-client-id',
    text: `SELECT ${MESSAGE_COLUMNS} FROM agent_messages WHERE session_id = $1 AND client_message_id = $2`,
    values: [sessionId, clientMessageId],
  });
  return (rows[0] as AgentMessage | undefined) ?? null;
}

async function latestRunOf(client: pg.ClientBase, messageId: string): Promise<AgentRun | null> {
  const { rows } = await client.query({
    name: 'agent-run-of-message',
    text: `SELECT ${RUN_COLUMNS} FROM agent_runs WHERE input_message_id = $1 ORDER BY created_at DESC LIMIT 1`,
    values: [messageId],
  });
  return rows[0] ? toRun(rows[0]) : null;
}

interface SessionLoad {
  /** Runs answering (in progress or waiting for tool outputs) and runs waiting their turn. */
  active: number;
  waiting: number;
  /** Whether the session already ran this UTC month: it counts as one AI conversation per month (docs/agent-api.md §1.8). */
  ranThisMonth: boolean;
  /** Whether it ran this UTC day: a playground session on a platform model counts as one test conversation a day. */
  ranToday: boolean;
  /** For Retry-After: the session's usual run time and how long the answering one has taken so far, in seconds. */
  typicalS: number | null;
  elapsedS: number | null;
}

async function sessionLoad(client: pg.ClientBase, sessionId: string): Promise<SessionLoad> {
  const { rows } = await client.query({
    name: 'agent-session-load',
    text: `SELECT COUNT(*) FILTER (WHERE status IN ('in_progress', 'requires_action'))::int AS active,
                  COUNT(*) FILTER (WHERE status = 'queued')::int AS waiting,
                  EXISTS (SELECT 1 FROM agent_runs WHERE session_id = $1 AND created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS "ranThisMonth",
                  EXISTS (SELECT 1 FROM agent_runs WHERE session_id = $1 AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS "ranToday",
                  (SELECT AVG(EXTRACT(EPOCH FROM completed_at - started_at)) FROM (
                     SELECT completed_at, started_at FROM agent_runs
                      WHERE session_id = $1 AND status = 'completed' AND started_at IS NOT NULL ORDER BY created_at DESC LIMIT 5) recent)::float8 AS "typicalS",
                  MAX(EXTRACT(EPOCH FROM now() - COALESCE(started_at, created_at))) FILTER (WHERE status IN ('in_progress', 'requires_action'))::float8 AS "elapsedS"
             FROM agent_runs WHERE session_id = $1 AND status IN ('queued', 'in_progress', 'requires_action')`,
    values: [sessionId],
  });
  return rows[0] as SessionLoad;
}

/** Retry-After for a busy session: its usual run time left for the one answering now (at least 1 s). */
const secondsLeft = (load: SessionLoad): number => Math.max(1, Math.ceil((load.typicalS ?? 5) - (load.elapsedS ?? 0)));

function userMessage(projectId: string, sessionId: string, text: string, clientMessageId: string | null): AgentMessage {
  return {
    id: newId('agentMessage'),
    projectId,
    sessionId,
    role: 'user',
    text,
    runId: null,
    clientMessageId,
    authorId: null,
    callId: null,
    toolName: null,
    createdAt: new Date(),
  };
}

/** The first of the agent's never-handle topics the message names (case and width folded), if any. */
function neverHandleTopic(config: AgentConfig, text: string): string | undefined {
  const fold = (value: string) => value.normalize('NFKC').toLocaleLowerCase();
  const folded = fold(text);
  return config.handoff.never_handle.find((topic) => folded.includes(fold(topic)));
}
