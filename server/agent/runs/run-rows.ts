import type { Sql } from '@/server/db/sql';
import type { AgentMessage, AgentRun, AgentSession } from '@/server/db';
import { AgentError } from '@/server/errors/agent-error';
import { getPgPool } from '@/server/db/pg';
import { agentRunColumns, toRun } from '@/server/db/rows/agent-runs';
import { SESSION_COLUMNS } from '@/server/db/rows/agent-sessions';

/**
 * The run engine's reads and writes of runs, messages and sessions, as named `pg` statements:
 * a session message's accept and its run's execution are the service's hot paths, where the
 * ORM's per-query cost was most of the web and worker processes' CPU per run
 * (`npm run bench:agent-runs`).
 */
export interface ClaimedRun {
  run: AgentRun;
  sessionVersion: string;
  sessionVariables: Record<string, unknown>;
  endUserId: string | null;
  endUser: { external_id: string; traits: Record<string, unknown>; verified: boolean } | null;
  /** The session's messages up to and including the run's input, oldest first (at most `historyLimit`). */
  history: Array<Pick<AgentMessage, 'role' | 'text'>>;
}

/**
 * Claims a run for a worker (only one in progress that no lease holds) and reads what it
 * answers with, its session, end user and history, in the same statement.
 */
export async function claimRun(workerId: string, runId: string, leaseMs: number, historyLimit: number): Promise<ClaimedRun | null> {
  const { rows } = await getPgPool().query({
    name: 'agent-run-claim',
    text: `WITH claimed AS (
             UPDATE agent_runs SET worker_id = $2, lease_until = now() + make_interval(secs => $3::float8 / 1000),
                    started_at = COALESCE(started_at, now()), updated_at = now()
              WHERE id = $1 AND status = 'in_progress' AND lease_until IS NULL
              RETURNING *
           )
           SELECT ${agentRunColumns.select('c')}, s.version AS "sessionVersion", s.variables AS "sessionVariables", s.end_user_id AS "endUserId",
                  u.external_id AS "endUserExternalId", u.traits AS "endUserTraits", u.verified AS "endUserVerified",
                  (SELECT COALESCE(json_agg(json_build_object('role', h.role, 'text', h.text) ORDER BY h.created_at, h.id), '[]'::json)
                     FROM (SELECT m.role, m.text, m.created_at, m.id FROM agent_messages m, agent_messages input
                            WHERE input.id = c.input_message_id AND m.session_id = c.session_id
                              AND m.role IN ('user', 'assistant', 'staff', 'note') AND (m.created_at, m.id) <= (input.created_at, input.id)
                            ORDER BY m.created_at DESC, m.id DESC LIMIT $4) h) AS history
             FROM claimed c JOIN agent_sessions s ON s.id = c.session_id LEFT JOIN agent_end_users u ON u.id = s.end_user_id`,
    values: [runId, workerId, leaseMs, historyLimit],
  });
  const row = rows[0] as Record<string, unknown> | undefined;
  if (!row) return null;
  return {
    run: toRun(row),
    sessionVersion: row.sessionVersion as string,
    sessionVariables: row.sessionVariables as Record<string, unknown>,
    endUserId: row.endUserId as string | null,
    endUser:
      row.endUserExternalId === null
        ? null
        : {
            external_id: row.endUserExternalId as string,
            traits: row.endUserTraits as Record<string, unknown>,
            verified: row.endUserVerified as boolean,
          },
    history: row.history as Array<Pick<AgentMessage, 'role' | 'text'>>,
  };
}

/** Renews a worker's lease; false when the run is no longer its own (cancelled, interrupted). */
export async function renewLease(workerId: string, runId: string, leaseMs: number): Promise<boolean> {
  const { rowCount } = await getPgPool().query({
    name: 'agent-run-renew-lease',
    text: `UPDATE agent_runs SET lease_until = now() + make_interval(secs => $3::float8 / 1000)
           WHERE id = $1 AND worker_id = $2 AND status = 'in_progress'`,
    values: [runId, workerId, leaseMs],
  });
  return rowCount === 1;
}

/** Locks a session's row for the rest of the transaction: every change of which run answers holds it. */
export async function lockSession(client: Sql, sessionId: string): Promise<{ status: string; concurrency: string } | null> {
  const { rows } = await client.query({
    name: 'agent-session-lock',
    text: 'SELECT status, concurrency FROM agent_sessions WHERE id = $1 FOR UPDATE',
    values: [sessionId],
  });
  return (rows[0] as { status: string; concurrency: string } | undefined) ?? null;
}

/** A session of the project by `sess_…` id or external id; another project's, or none, is 404 `session_not_found`. */
export async function findRunSession(projectId: string, ref: string, owner?: string): Promise<AgentSession> {
  const byId = ref.startsWith('sess_');
  const { rows } = await getPgPool().query({
    name: byId ? 'agent-session-by-id' : 'agent-session-by-external-id',
    text: `SELECT ${SESSION_COLUMNS} FROM agent_sessions
           WHERE project_id = $1 AND ${byId ? 'id' : 'external_id'} = $2 AND ($3::text IS NULL OR end_user_id = $3)`,
    values: [projectId, ref, owner ?? null],
  });
  if (!rows[0]) throw new AgentError('session_not_found', { param: 'session' });
  return rows[0] as AgentSession;
}

/** A session by id, read in the caller's transaction. */
export async function readSession(client: Sql, sessionId: string): Promise<AgentSession> {
  const { rows } = await client.query({
    name: 'agent-session-read',
    text: `SELECT ${SESSION_COLUMNS} FROM agent_sessions WHERE id = $1`,
    values: [sessionId],
  });
  return rows[0] as AgentSession;
}
