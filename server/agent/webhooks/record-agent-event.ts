import { Prisma } from '@/server/db';
import type { DbTx } from '@/server/db';
import { newId } from '@/server/db/ids';
import type pg from 'pg';
import { cachedCallerLookup } from '@/server/api-keys/caller-cache';
import { addOutboxJob } from '@/server/outbox';
import { addOutboxJobsWithPg } from '@/server/outbox/add-outbox-jobs-with-pg';
import type { AgentEventType } from './agent-event-types';

export interface AgentEvent {
  projectId: string;
  type: AgentEventType;
  /** The subject, as the API presents it (a session, a run, a handoff…). */
  data: object;
}

/**
 * Records an agent project's event in the caller's transaction, with the outbox job that fans it
 * out (`events.fan-out`, messaging's), so it is delivered after the change commits and never
 * without it: messaging's engine then creates a delivery per enabled endpoint of the project
 * subscribed to the type and sends it signed, with its retries. The payload is
 * `{id, type, created_at, project, data}`. Nothing is recorded (null) when no enabled endpoint
 * of the project subscribes to the type: an event no one receives is not kept.
 */
export async function recordAgentEvent(tx: Prisma.TransactionClient, event: AgentEvent): Promise<{ eventId: string } | null> {
  const [target] = await tx.$queryRaw<Array<{ orgId: string }>>`
    SELECT p.org_id AS "orgId" FROM agent_projects p
    WHERE p.id = ${event.projectId} AND EXISTS (
      SELECT 1 FROM agent_webhook_endpoints a
      WHERE a.project_id = p.id AND NOT a.disabled AND (${event.type} = ANY(a.events) OR '*' = ANY(a.events)))`;
  if (!target) return null;
  const id = newId('event');
  const createdAt = new Date();
  const payload = { id, type: event.type, created_at: createdAt.toISOString(), project: event.projectId, data: event.data };
  await tx.event.create({
    data: { id, orgId: target.orgId, projectId: event.projectId, type: event.type, payload: payload as Prisma.InputJsonObject, createdAt },
  });
  await addOutboxJob(tx as DbTx, {
    queue: 'webhook-fan-out',
    name: 'events.fan-out',
    data: { eventIds: [id] },
    jobId: `events.fan-out-${id}`,
  });
  return { eventId: id };
}

/**
 * The event types some enabled endpoint of the project subscribes to (`*` among them), kept a
 * few seconds by the caller cache: endpoint changes announce themselves (notifyCallerChange),
 * so the run engine asks PostgreSQL only when someone listens.
 */
function subscribedTypes(client: pg.ClientBase, projectId: string): Promise<ReadonlySet<string>> {
  // Read on the caller's own connection: its transaction holds one, and asking the pool for
  // another from inside transactions is how a full pool deadlocks.
  return cachedCallerLookup(`agent-event-types:${projectId}`, async () => {
    const { rows } = await client.query<{ type: string }>({
      name: 'agent-event-subscriptions',
      text: 'SELECT DISTINCT unnest(events) AS type FROM agent_webhook_endpoints WHERE project_id = $1 AND NOT disabled',
      values: [projectId],
    });
    return new Set(rows.map((row) => row.type));
  });
}

/**
 * recordAgentEvent inside a `pg` transaction (the run engine's hot path): nothing at all when no
 * endpoint subscribes; otherwise the event and its fan-out job, in two statements.
 */
export async function recordAgentEventWithPg(client: pg.ClientBase, event: AgentEvent): Promise<{ eventId: string } | null> {
  const types = await subscribedTypes(client, event.projectId);
  if (!types.has('*') && !types.has(event.type)) return null;
  const id = newId('event');
  const createdAt = new Date();
  const payload = { id, type: event.type, created_at: createdAt.toISOString(), project: event.projectId, data: event.data };
  const { rowCount } = await client.query({
    name: 'agent-event-insert',
    text: `INSERT INTO events (id, org_id, project_id, type, payload, created_at)
           SELECT $1, p.org_id, p.id, $3, $4::jsonb, $5 FROM agent_projects p
            WHERE p.id = $2 AND EXISTS (
              SELECT 1 FROM agent_webhook_endpoints a
               WHERE a.project_id = p.id AND NOT a.disabled AND ($3 = ANY(a.events) OR '*' = ANY(a.events)))`,
    values: [id, event.projectId, event.type, JSON.stringify(payload), createdAt],
  });
  if (!rowCount) return null;
  await addOutboxJobsWithPg(client, [
    { queue: 'webhook-fan-out', name: 'events.fan-out', data: { eventIds: [id] }, jobId: `events.fan-out-${id}` },
  ]);
  return { eventId: id };
}
