import type { DbTx, Prisma } from '@/server/db';
import { newId } from '@/server/db/ids';
import { prismaSql } from '@/server/db/sql';
import { addOutboxJob } from '@/server/outbox';
import type { EventName } from './catalogue';

export interface EventToPublish {
  orgId: string;
  event: EventName;
  /** The subject at the payload's top level: `message`, `campaign`, … */
  subject: Prisma.InputJsonObject;
}

/**
 * Records events in the same transaction as the change they announce, in one statement, with
 * one job that fans them all out to webhooks and callback URLs (and announces them to open
 * dashboards). Nothing is lost if Redis is down: the outbox relay hands the job over later.
 * Returns the event ids, in order.
 */
export async function publishEvents(tx: DbTx, events: EventToPublish[]): Promise<{ eventIds: string[] }> {
  const createdAt = new Date();
  const rows = events.map(({ orgId, event, subject }) => {
    const id = newId('event');
    const payload = { id, event, created_at: createdAt.toISOString(), ...subject };
    return { id, orgId, type: event, payload };
  });
  const eventIds = rows.map((row) => row.id);
  const [first] = eventIds;
  if (first === undefined) return { eventIds };
  // Raw SQL: statuses publish an event per message, and the ORM's per-row cost showed in profiles.
  await tx.$executeRaw`
    INSERT INTO events (id, org_id, type, payload, created_at)
    SELECT t.*, ${createdAt}::timestamptz
    FROM unnest(${eventIds}::text[], ${rows.map((r) => r.orgId)}::text[], ${rows.map((r) => r.type)}::text[],
                ${rows.map((r) => JSON.stringify(r.payload))}::jsonb[]) AS t`;
  await addOutboxJob(prismaSql(tx), {
    queue: 'webhook-fan-out',
    name: 'events.fan-out',
    data: { eventIds },
    // Each event is in one job only, so its first event names the job.
    jobId: `events.fan-out-${first}`,
  });
  return { eventIds };
}

/** One event: see publishEvents. */
export async function publishEvent(tx: DbTx, orgId: string, event: EventName, subject: Prisma.InputJsonObject): Promise<{ eventId: string }> {
  const { eventIds } = await publishEvents(tx, [{ orgId, event, subject }]);
  return { eventId: eventIds[0] as string };
}
