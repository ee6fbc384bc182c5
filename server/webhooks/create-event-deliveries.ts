import type { Sql } from '@/server/db/sql';
import { newId } from '@/server/db/ids';
import { getPgPool, pgTransaction } from '@/server/db/pg';
import { addOutboxJobs } from '@/server/outbox';
import { attemptJobs, receiverOf } from './attempt-jobs';

/**
 * Creates one delivery per active webhook subscribed to each event, plus, for `button.reply`,
 * one to the tapped message's `callback_url`, and for an agent project's event (server/agent/webhooks/)
 * one per enabled endpoint of that project subscribed to it; with the jobs of their first attempts, batched by
 * receiver, in one transaction (callers keep the events few: the fan-out job passes 500 at
 * most). Running it twice creates nothing new: existing deliveries are skipped, and the unique
 * (webhook, event) index settles a racing run. Returns how many deliveries it created.
 */
export async function createEventDeliveries(eventIds: string[]): Promise<number> {
  const events = await loadEventTargets(eventIds);
  const deliveries = events.flatMap((e): NewDelivery[] => {
    const targets: Array<Pick<NewDelivery, 'webhookId' | 'targetUrl' | 'agentEndpointId'>> = e.webhookIds.map((webhookId) => ({
      webhookId,
      targetUrl: null,
      agentEndpointId: null,
    }));
    if (e.callbackUrl) targets.push({ webhookId: null, targetUrl: e.callbackUrl, agentEndpointId: null });
    for (const agentEndpointId of e.agentEndpointIds) targets.push({ webhookId: null, targetUrl: null, agentEndpointId });
    return targets.map((t) => ({ id: newId('delivery'), orgId: e.orgId, eventId: e.id, event: e.type, ...t }));
  });
  return (await insertDeliveries(deliveries)).length;
}

interface EventTargets {
  id: string;
  orgId: string;
  type: string;
  webhookIds: string[];
  callbackUrl: string | null;
  agentEndpointIds: string[];
}

interface NewDelivery {
  id: string;
  orgId: string;
  webhookId: string | null;
  targetUrl: string | null;
  agentEndpointId: string | null;
  eventId: string;
  event: string;
}

/** Inserts the deliveries that do not exist yet, with the jobs of their first attempts. */
async function insertDeliveries(deliveries: NewDelivery[]): Promise<NewDelivery[]> {
  if (deliveries.length === 0) return [];
  return pgTransaction(async (client) => {
    const created = await insertNewDeliveries(client, deliveries, new Date());
    await addOutboxJobs(client, attemptJobs(created.map((d) => ({ deliveryId: d.id, receiver: receiverOf(d), attempt: 1, runAt: null }))));
    return created;
  });
}

/**
 * The events with their active subscribed webhooks, for a button reply the tapped message's
 * callback URL, and for an agent project's event its project's enabled endpoints subscribed to it.
 */
async function loadEventTargets(eventIds: string[]): Promise<EventTargets[]> {
  const { rows } = await getPgPool().query<EventTargets>({
    name: 'webhook-event-targets',
    text: `SELECT e.id, e.org_id AS "orgId", e.type,
                  coalesce(array_agg(w.id ORDER BY w.id) FILTER (WHERE w.id IS NOT NULL), '{}') AS "webhookIds",
                  m.callback_url AS "callbackUrl",
                  coalesce((SELECT array_agg(a.id ORDER BY a.id) FROM agent_webhook_endpoints a
                            WHERE e.project_id IS NOT NULL AND a.project_id = e.project_id AND NOT a.disabled
                              AND (e.type = ANY(a.events) OR '*' = ANY(a.events))), '{}') AS "agentEndpointIds"
           FROM events e
           LEFT JOIN webhooks w ON e.project_id IS NULL AND w.org_id = e.org_id AND w.is_active AND e.type = ANY(w.events)
           LEFT JOIN messages m ON e.type = 'button.reply' AND m.org_id = e.org_id
             AND m.id = e.payload #>> '{in_reply_to,message_id}'
           WHERE e.id = ANY($1::text[])
           GROUP BY e.id, m.callback_url
           ORDER BY e.created_at, e.id`,
    values: [eventIds],
  });
  return rows;
}

/**
 * Inserts the deliveries that do not exist yet: a webhook's (an agent endpoint's) through the
 * unique (webhook, event) ((agent endpoint, event)) index, a callback URL's (neither, so no
 * unique index) by looking. Returns those inserted.
 */
async function insertNewDeliveries(client: Sql, deliveries: NewDelivery[], now: Date): Promise<NewDelivery[]> {
  const column = <K extends keyof NewDelivery>(key: K) => deliveries.map((d) => d[key]);
  const { rows } = await client.query<{ id: string }>({
    name: 'webhook-insert-deliveries',
    text: `INSERT INTO webhook_deliveries
             (id, org_id, webhook_id, target_url, agent_endpoint_id, event_id, event, next_attempt_at, created_at, updated_at)
           SELECT t.id, t.org_id, t.webhook_id, t.target_url, t.agent_endpoint_id, t.event_id, t.event, $8, $8, $8
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
             AS t(id, org_id, webhook_id, target_url, agent_endpoint_id, event_id, event)
           WHERE t.webhook_id IS NOT NULL OR t.agent_endpoint_id IS NOT NULL OR NOT EXISTS (
             SELECT 1 FROM webhook_deliveries d WHERE d.webhook_id IS NULL AND d.event_id = t.event_id AND d.target_url = t.target_url)
           ON CONFLICT DO NOTHING
           RETURNING id`,
    values: [
      column('id'),
      column('orgId'),
      column('webhookId'),
      column('targetUrl'),
      column('agentEndpointId'),
      column('eventId'),
      column('event'),
      now,
    ],
  });
  const inserted = new Set(rows.map((row) => row.id));
  return deliveries.filter((d) => inserted.has(d.id));
}
