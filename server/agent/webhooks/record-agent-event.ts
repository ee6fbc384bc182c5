import { Prisma } from '@/server/db';
import type { DbTx } from '@/server/db';
import { newId } from '@/server/db/ids';
import { addOutboxJob } from '@/server/outbox';
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
