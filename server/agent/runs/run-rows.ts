import type pg from 'pg';
import type { AgentMessage, AgentRun, AgentSession } from '@/server/db';
import { AgentError } from '@/server/errors/agent-error';
import { getPgPool } from '@/server/db/pg';

/**
 * The run engine's reads and writes of runs, messages and sessions, as named `pg` statements:
 * a session message's accept and its run's execution are the service's hot paths, where the
 * ORM's per-query cost was most of the web and worker processes' CPU per run
 * (`npm run bench:agent-runs`).
 */
export const RUN_COLUMNS = `id, project_id AS "projectId", org_id AS "orgId", agent_id AS "agentId", agent_version AS "agentVersion",
  status, model, input, output_text AS "outputText", error, attempts, input_tokens AS "inputTokens", output_tokens AS "outputTokens",
  cost_micros AS "costMicros", created_at AS "createdAt", completed_at AS "completedAt", session_id AS "sessionId",
  input_message_id AS "inputMessageId", reply_message_id AS "replyMessageId", outcome, required_action AS "requiredAction",
  action_expires_at AS "actionExpiresAt", turns, options, worker_id AS "workerId", lease_until AS "leaseUntil",
  started_at AS "startedAt", updated_at AS "updatedAt"`;

/** A row read with RUN_COLUMNS as Prisma would give it (`cost_micros` is an int8, read as text). */
export const toRun = (row: Record<string, unknown>): AgentRun => ({
  ...(row as unknown as AgentRun),
  costMicros: BigInt(row.costMicros as string),
});

export const MESSAGE_COLUMNS = `id, project_id AS "projectId", session_id AS "sessionId", role, text, run_id AS "runId",
  client_message_id AS "clientMessageId", created_at AS "createdAt"`;

type Queryable = pg.Pool | pg.ClientBase;

/** Claims a run for a worker: only one in progress that no lease holds. */
export async function claimRun(workerId: string, runId: string, leaseMs: number): Promise<AgentRun | null> {
  const { rows } = await getPgPool().query({
    name: 'agent-run-claim',
    text: `UPDATE agent_runs SET worker_id = $2, lease_until = now() + make_interval(secs => $3::float8 / 1000),
             started_at = COALESCE(started_at, now()), updated_at = now()
           WHERE id = $1 AND status = 'in_progress' AND lease_until IS NULL
           RETURNING ${RUN_COLUMNS}`,
    values: [runId, workerId, leaseMs],
  });
  return rows[0] ? toRun(rows[0]) : null;
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

export interface RunContextRow {
  sessionId: string;
  sessionVersion: string;
  sessionVariables: Record<string, unknown>;
  endUser: { external_id: string; traits: Record<string, unknown>; verified: boolean } | null;
}

/** The session a run answers in, with its end user, in one read. */
export async function loadRunSession(sessionId: string): Promise<RunContextRow | null> {
  const { rows } = await getPgPool().query({
    name: 'agent-run-session',
    text: `SELECT s.id, s.version, s.variables, u.external_id, u.traits, u.verified
             FROM agent_sessions s LEFT JOIN agent_end_users u ON u.id = s.end_user_id
            WHERE s.id = $1`,
    values: [sessionId],
  });
  const row = rows[0] as
    | {
        id: string;
        version: string;
        variables: Record<string, unknown>;
        external_id: string | null;
        traits: Record<string, unknown>;
        verified: boolean;
      }
    | undefined;
  if (!row) return null;
  return {
    sessionId: row.id,
    sessionVersion: row.version,
    sessionVariables: row.variables,
    endUser: row.external_id === null ? null : { external_id: row.external_id, traits: row.traits, verified: row.verified },
  };
}

/** A session's messages up to and including `throughMessageId`, newest first, at most `limit`. */
export async function loadHistory(
  sessionId: string,
  throughMessageId: string,
  limit: number,
): Promise<Array<Pick<AgentMessage, 'role' | 'text'>>> {
  const { rows } = await getPgPool().query({
    name: 'agent-run-history',
    text: `SELECT m.role, m.text FROM agent_messages m, (SELECT created_at, id FROM agent_messages WHERE id = $2) input
            WHERE m.session_id = $1 AND m.role IN ('user', 'assistant', 'staff', 'note') AND (m.created_at, m.id) <= (input.created_at, input.id)
            ORDER BY m.created_at DESC, m.id DESC LIMIT $3`,
    values: [sessionId, throughMessageId, limit],
  });
  return rows as Array<Pick<AgentMessage, 'role' | 'text'>>;
}

/** Locks a session's row for the rest of the transaction: every change of which run answers holds it. */
export async function lockSessionWithPg(client: Queryable, sessionId: string): Promise<{ status: string; concurrency: string } | null> {
  const { rows } = await client.query({
    name: 'agent-session-lock',
    text: 'SELECT status, concurrency FROM agent_sessions WHERE id = $1 FOR UPDATE',
    values: [sessionId],
  });
  return (rows[0] as { status: string; concurrency: string } | undefined) ?? null;
}

const SESSION_COLUMNS = `id, project_id AS "projectId", agent_id AS "agentId", external_id AS "externalId", end_user_id AS "endUserId",
  channel, version, concurrency, variables, metadata, status, created_at AS "createdAt", updated_at AS "updatedAt", closed_at AS "closedAt"`;

/** A session of the project by `sess_…` id or external id; another project's, or none, is 404 `session_not_found`. */
export async function findRunSession(projectId: string, ref: string): Promise<AgentSession> {
  const byId = ref.startsWith('sess_');
  const { rows } = await getPgPool().query({
    name: byId ? 'agent-session-by-id' : 'agent-session-by-external-id',
    text: `SELECT ${SESSION_COLUMNS} FROM agent_sessions WHERE project_id = $1 AND ${byId ? 'id' : 'external_id'} = $2`,
    values: [projectId, ref],
  });
  if (!rows[0]) throw new AgentError('session_not_found', { param: 'session' });
  return rows[0] as AgentSession;
}
