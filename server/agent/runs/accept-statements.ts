import type { AgentMessage, AgentRun } from '@/server/db';
import type { Sql } from '@/server/db/sql';
import type { WhatsAppOrigin } from '@/server/agent/channels/whatsapp-origin';
import { MESSAGE_COLUMNS } from '@/server/db/rows/agent-messages';
import { agentRunColumns, RUN_COLUMNS, toRun } from '@/server/db/rows/agent-runs';

/**
 * The named statements that accept a session message (accept-session-message.ts), each one
 * round trip, run in its transaction with the session row locked.
 */

/** Locks the session's row (every change of which run answers holds it) and marks it as just used. */
export async function lockAndTouchSession(sql: Sql, sessionId: string): Promise<{ status: string; concurrency: string } | null> {
  const { rows } = await sql.query<{ status: string; concurrency: string }>({
    name: 'agent-session-lock-touch',
    text: 'UPDATE agent_sessions SET updated_at = now() WHERE id = $1 RETURNING status, concurrency',
    values: [sessionId],
  });
  return rows[0] ?? null;
}

export async function reopenSession(sql: Sql, sessionId: string): Promise<void> {
  await sql.query({
    name: 'agent-session-reopen',
    text: "UPDATE agent_sessions SET status = 'open', closed_at = NULL WHERE id = $1",
    values: [sessionId],
  });
}

export async function findRun(sql: Sql, runId: string): Promise<AgentRun | null> {
  const { rows } = await sql.query({ name: 'agent-run-by-id', text: `SELECT ${RUN_COLUMNS} FROM agent_runs WHERE id = $1`, values: [runId] });
  return rows[0] ? toRun(rows[0]) : null;
}

export async function findByClientMessageId(sql: Sql, sessionId: string, clientMessageId: string): Promise<AgentMessage | null> {
  const { rows } = await sql.query<AgentMessage>({
    name: 'agent-message-by-client-id',
    text: `SELECT ${MESSAGE_COLUMNS} FROM agent_messages WHERE session_id = $1 AND client_message_id = $2`,
    values: [sessionId, clientMessageId],
  });
  return rows[0] ?? null;
}

export async function latestRunOf(sql: Sql, messageId: string): Promise<AgentRun | null> {
  const { rows } = await sql.query({
    name: 'agent-run-of-message',
    text: `SELECT ${RUN_COLUMNS} FROM agent_runs WHERE input_message_id = $1 ORDER BY created_at DESC LIMIT 1`,
    values: [messageId],
  });
  return rows[0] ? toRun(rows[0]) : null;
}

export interface SessionLoad {
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

export async function sessionLoad(sql: Sql, sessionId: string): Promise<SessionLoad> {
  const { rows } = await sql.query<SessionLoad>({
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

/**
 * Adds a channel message to the session's newest queued channel run, as its input message and
 * the end of its input, with the WhatsApp message it now answers. Null when no such run waits.
 */
export async function joinNewestQueuedRun(sql: Sql, message: AgentMessage, whatsappOrigin: WhatsAppOrigin): Promise<AgentRun | null> {
  const { rows } = await sql.query({
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
           RETURNING ${agentRunColumns.select('r')}`,
    values: [
      message.sessionId,
      message.id,
      message.projectId,
      message.text,
      message.clientMessageId,
      message.createdAt,
      JSON.stringify(whatsappOrigin),
    ],
  });
  return rows[0] ? toRun(rows[0]) : null;
}

/** The run a message starts, as accepting writes it. */
export interface NewRun {
  id: string;
  projectId: string;
  orgId: string;
  agentId: string;
  agentVersion: number;
  status: 'queued' | 'in_progress';
  model: string;
  input: string;
  sessionId: string;
  /** What the message asks of this run alone (variables, overrides, its channel), as stored in `options`. */
  options: object;
}

/** Its job: the outbox row's fields, with its data as JSON; none while the run waits its turn behind others. */
export interface NewRunJob {
  id: string;
  queue: string;
  name: string;
  data: string;
  jobId: string;
  runAt: Date | null;
}

/**
 * One statement: the message (new, or a resent one whose run failed, which now points to this
 * run), the run, and unless it waits its turn the job that executes it.
 */
export async function insertAcceptedRun(sql: Sql, run: NewRun, message: AgentMessage, job: NewRunJob | null): Promise<AgentRun> {
  const { rows } = await sql.query({
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
      run.id,
      run.projectId,
      run.orgId,
      run.agentId,
      run.agentVersion,
      run.status,
      run.model,
      run.input,
      run.sessionId,
      message.id,
      JSON.stringify(run.options),
      message.createdAt,
      message.clientMessageId,
      job?.id ?? null,
      job?.queue ?? null,
      job?.name ?? null,
      job?.data ?? null,
      job?.jobId ?? null,
      job === null,
      job?.runAt ?? null,
    ],
  });
  return toRun(rows[0]!);
}
