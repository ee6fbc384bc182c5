import type { Sql } from '@/server/db/sql';
import { getPgPool } from '@/server/db/pg';

/**
 * The delivery engine's reads and writes, on prepared `pg` statements: attempts run at
 * thousands a second, and each is a few statements for any number of deliveries.
 */
export interface DeliveryRow {
  id: string;
  webhookId: string | null;
  targetUrl: string | null;
  /** Set for deliveries to an agent project's webhook endpoint. */
  agentEndpointId: string | null;
  event: string;
  state: 'pending' | 'succeeded' | 'failed';
  attemptCount: number;
  nextAttemptAt: Date | null;
  payload: unknown;
  /** The webhook's or agent endpoint's, absent for callback_url deliveries. */
  url: string | null;
  headers: Record<string, string> | null;
  isActive: boolean | null;
  secret: string | null;
  /** The highest attempt number recorded so far (a resend restarts the count, not the numbering). */
  lastAttempt: number | null;
}

export async function loadDeliveries(ids: string[]): Promise<DeliveryRow[]> {
  const { rows } = await getPgPool().query<DeliveryRow>({
    name: 'webhook-load-deliveries',
    text: `SELECT d.id, d.webhook_id AS "webhookId", d.target_url AS "targetUrl", d.event, d.state,
                  d.attempt_count AS "attemptCount", d.next_attempt_at AS "nextAttemptAt", e.payload,
                  d.agent_endpoint_id AS "agentEndpointId", coalesce(w.url, ae.url) AS url, w.headers,
                  coalesce(w.is_active, NOT ae.disabled) AS "isActive", coalesce(w.secret, ae.secret) AS secret,
                  (SELECT max(a.attempt) FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id) AS "lastAttempt"
           FROM webhook_deliveries d
           JOIN events e ON e.id = d.event_id
           LEFT JOIN webhooks w ON w.id = d.webhook_id
           LEFT JOIN agent_webhook_endpoints ae ON ae.id = d.agent_endpoint_id
           WHERE d.id = ANY($1::text[])`,
    values: [ids],
  });
  return rows;
}

/** Ends the pending chains of paused webhooks' deliveries. */
export async function failDeliveries(ids: string[]): Promise<void> {
  await getPgPool().query({
    name: 'webhook-fail-deliveries',
    text: `UPDATE webhook_deliveries SET state = 'failed', next_attempt_at = NULL, updated_at = now()
           WHERE id = ANY($1::text[]) AND state = 'pending'`,
    values: [ids],
  });
}

export interface AttemptRecord {
  id: string;
  deliveryId: string;
  webhookId: string | null;
  event: string;
  attempt: number;
  statusCode: number;
  success: boolean;
  durationMs: number;
  requestBody: string;
  responseBody: string;
  error: string | null;
  createdAt: Date;
  /** The delivery after this attempt. */
  attemptCount: number;
  state: 'pending' | 'succeeded' | 'failed';
  nextAttemptAt: Date | null;
}

/**
 * Records attempts and moves their deliveries on, in one statement. An attempt
 * number already recorded (another run of the same job got there first) is left alone, and
 * so is its delivery. Returns the ids of the deliveries this call moved.
 */
export async function recordAttempts(client: Sql, records: AttemptRecord[]): Promise<Set<string>> {
  const column = <K extends keyof AttemptRecord>(key: K) => records.map((record) => record[key]);
  const { rows } = await client.query<{ id: string }>({
    name: 'webhook-record-attempts',
    text: `WITH made AS (
             SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::boolean[], $8::int[],
                                  $9::text[], $10::text[], $11::text[], $12::timestamptz[], $13::int[], $14::text[], $15::timestamptz[])
               AS t(id, delivery_id, webhook_id, event, attempt, status_code, success, duration_ms,
                    request_body, response_body, error, created_at, attempt_count, state, next_attempt_at)
           ), recorded AS (
             INSERT INTO webhook_delivery_attempts
               (id, delivery_id, webhook_id, event, attempt, status_code, success, duration_ms, request_body, response_body, error, created_at)
             SELECT id, delivery_id, webhook_id, event, attempt, status_code, success, duration_ms, request_body, response_body, error, created_at
             FROM made
             ON CONFLICT (delivery_id, attempt) DO NOTHING
             RETURNING delivery_id
           )
           UPDATE webhook_deliveries d
           SET attempt_count = m.attempt_count, state = m.state::"DeliveryState", next_attempt_at = m.next_attempt_at, updated_at = now()
           FROM made m JOIN recorded r ON r.delivery_id = m.delivery_id
           WHERE d.id = m.delivery_id
           RETURNING d.id`,
    values: [
      column('id'),
      column('deliveryId'),
      column('webhookId'),
      column('event'),
      column('attempt'),
      column('statusCode'),
      column('success'),
      column('durationMs'),
      column('requestBody'),
      column('responseBody'),
      column('error'),
      column('createdAt'),
      column('attemptCount'),
      column('state'),
      column('nextAttemptAt'),
    ],
  });
  return new Set(rows.map((row) => row.id));
}
