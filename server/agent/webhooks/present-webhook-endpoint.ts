import type { AgentWebhookEndpoint, WebhookDelivery, WebhookDeliveryAttempt } from '@/server/db';

/** An endpoint as the API shows it; its secret only once, on creation (added by the caller). */
export const presentWebhookEndpoint = (row: Omit<AgentWebhookEndpoint, 'secret'>) => ({
  id: row.id,
  object: 'webhook_endpoint' as const,
  url: row.url,
  events: row.events,
  description: row.description,
  disabled: row.disabled,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** What the receiver answered is kept this long in the API (the history stores up to 4 KiB). */
const responseExcerptChars = 1000;

export const presentDeliveryAttempt = (row: WebhookDeliveryAttempt) => ({
  attempt: row.attempt,
  status_code: row.statusCode,
  success: row.success,
  duration_ms: row.durationMs,
  error: row.error,
  response_excerpt: row.responseBody.slice(0, responseExcerptChars),
  created_at: row.createdAt.toISOString(),
});

/** One event's delivery to an endpoint, with every attempt (messaging's engine: retries on its schedule). */
export const presentWebhookDelivery = (row: WebhookDelivery & { attempts: WebhookDeliveryAttempt[] }) => ({
  id: row.id,
  object: 'webhook_delivery' as const,
  event_id: row.eventId,
  event_type: row.event,
  status: row.state,
  attempt_count: row.attempts.length,
  next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
  attempts: row.attempts.map(presentDeliveryAttempt),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
