import { newId } from '@/server/db/ids';
import type { Sql } from '@/server/db/sql';
import { cachedCallerLookup } from '@/server/api-keys/caller-cache';
import { addOutboxJobs } from '@/server/outbox';
import type { AgentEventType } from './agent-event-types';

export interface AgentEvent {
  projectId: string;
  type: AgentEventType;
  /** The subject, as the API presents it (a session, a run, a handoff…). */
  data: object;
}

/**
 * The event types some enabled endpoint of the project subscribes to (`*` among them), kept a
 * few seconds by the caller cache: endpoint changes announce themselves (notifyCallerChange),
 * so the run engine asks PostgreSQL only when someone listens.
 */
function subscribedTypes(sql: Sql, projectId: string): Promise<ReadonlySet<string>> {
  // Read on the caller's own connection: its transaction holds one, and asking the pool for
  // another from inside transactions is how a full pool deadlocks.
  return cachedCallerLookup(`agent-event-types:${projectId}`, async () => {
    const { rows } = await sql.query<{ type: string }>({
      name: 'agent-event-subscriptions',
      text: 'SELECT DISTINCT unnest(events) AS type FROM agent_webhook_endpoints WHERE project_id = $1 AND NOT disabled',
      values: [projectId],
    });
    return new Set(rows.map((row) => row.type));
  });
}

/**
 * Records an agent project's event in the caller's transaction, with the outbox job that fans it
 * out (`events.fan-out`, messaging's), so it is delivered after the change commits and never
 * without it: messaging's engine then creates a delivery per enabled endpoint of the project
 * subscribed to the type and sends it signed, with its retries. The payload is
 * `{id, type, created_at, project, data}`. Nothing is recorded (null) when no enabled endpoint
 * of the project subscribes to the type: an event no one receives is not kept. On the run
 * engine's hot path that costs no statement at all; otherwise the event and its job are two.
 */
export async function recordAgentEvent(sql: Sql, event: AgentEvent): Promise<{ eventId: string } | null> {
  const types = await subscribedTypes(sql, event.projectId);
  if (!types.has('*') && !types.has(event.type)) return null;
  const id = newId('event');
  const createdAt = new Date();
  const payload = { id, type: event.type, created_at: createdAt.toISOString(), project: event.projectId, data: event.data };
  const { rows } = await sql.query({
    name: 'agent-event-insert',
    text: `INSERT INTO events (id, org_id, project_id, type, payload, created_at)
           SELECT $1, p.org_id, p.id, $3, $4::jsonb, $5 FROM agent_projects p
            WHERE p.id = $2 AND EXISTS (
              SELECT 1 FROM agent_webhook_endpoints a
               WHERE a.project_id = p.id AND NOT a.disabled AND ($3 = ANY(a.events) OR '*' = ANY(a.events)))
           RETURNING id`,
    values: [id, event.projectId, event.type, JSON.stringify(payload), createdAt],
  });
  if (rows.length === 0) return null;
  await addOutboxJobs(sql, [{ queue: 'webhook-fan-out', name: 'events.fan-out', data: { eventIds: [id] }, jobId: `events.fan-out-${id}` }]);
  return { eventId: id };
}
