import type { Webhook, WebhookDeliveryAttempt } from '@/server/db';

/** The Webhook resource of the API, never with its secret. */
export function presentWebhook(webhook: Omit<Webhook, 'secret'>) {
  return {
    id: webhook.id,
    name: webhook.name,
    url: webhook.url,
    events: webhook.events,
    headers: webhook.headers as Record<string, string>,
    is_active: webhook.isActive,
    created_at: webhook.createdAt.toISOString(),
  };
}

/** What the dashboard shows beyond the API resource: why and when it was switched off. */
export function presentWebhookForDashboard(webhook: Omit<Webhook, 'secret'>) {
  return {
    ...presentWebhook(webhook),
    disabled_reason: webhook.disabledReason,
    disabled_at: webhook.disabledAt?.toISOString() ?? null,
  };
}

/** One delivery record: every attempt is one. */
export function presentAttempt(attempt: WebhookDeliveryAttempt) {
  return {
    id: attempt.id,
    delivery_id: attempt.deliveryId,
    event: attempt.event,
    attempt: attempt.attempt,
    status_code: attempt.statusCode,
    success: attempt.success,
    duration_ms: attempt.durationMs,
    request_body: attempt.requestBody,
    response_body: attempt.responseBody,
    error: attempt.error,
    created_at: attempt.createdAt.toISOString(),
  };
}
