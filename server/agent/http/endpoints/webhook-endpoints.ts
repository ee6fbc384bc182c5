import { z } from 'zod';
import type { AgentErrorCode } from '@/server/errors/agent-codes';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { idempotencyErrors, listErrors } from '../agent-endpoint';
import { agentListQuery } from '../agent-paging';
import { agentListOf, deletedObject } from '../responses/common';
import {
  webhookDeliveryResponse,
  webhookEndpointResponse,
  webhookEndpointWithSecret,
  webhookEventTypeResponse,
  webhookTestResponse,
} from '../responses/resources';

const endpointParams = z.object({ webhook_endpoint: z.string().regex(/^whe_[0-9A-Za-z]{22}$/, 'a whe_ id') });
const url = z.string().min(1).max(2048);
const events = z.array(z.string().min(1).max(100)).min(1).max(50);
const description = z.string().max(500);
const endpointErrors: AgentErrorCode[] = ['unknown_event_type', 'url_not_allowed'];

const endpointDescription =
  "Where the agent service sends this project's events (GET /v1/webhook_endpoints/event_types), signed per Standard Webhooks: " +
  'headers `webhook-id` (the delivery id, the same on every retry), `webhook-timestamp` and `webhook-signature: v1,…` (HMAC-SHA256 with ' +
  "the endpoint's `whsec_…` secret, shown once, on creation); the body is `{id, type, created_at, project, data}`. `url` is https on port " +
  '443 or 8443 at a public address, judged again on every connection. A delivery is retried on failure (a non-2xx answer, no answer in 15 s): ' +
  'after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. An answer of 410 Gone asks us to stop: the endpoint is disabled at once (`disabled: ' +
  'true`, its pending retries end) until a PATCH with `disabled: false`. `events` lists types, or is `["*"]` for all. At most 10 endpoints per project.';

export const createWebhookEndpointEndpoint = defineEndpoint({
  operationId: 'createWebhookEndpoint',
  method: 'POST',
  path: '/v1/webhook_endpoints',
  tag: 'Webhook endpoints',
  summary: 'Create a webhook endpoint',
  description: endpointDescription,
  access: 'project',
  permission: 'webhooks:write',
  body: z.strictObject({ url, events, description: description.optional() }),
  idempotent: true,
  response: { status: 201, description: 'The endpoint, with its `secret` (the only time it is shown).', schema: webhookEndpointWithSecret },
  errors: [...endpointErrors, 'webhook_endpoint_limit_reached', ...idempotencyErrors],
});

export const listWebhookEndpointsEndpoint = defineEndpoint({
  operationId: 'listWebhookEndpoints',
  method: 'GET',
  path: '/v1/webhook_endpoints',
  tag: 'Webhook endpoints',
  summary: 'List webhook endpoints',
  access: 'project',
  permission: 'webhooks:read',
  query: z.object(agentListQuery),
  response: { status: 200, description: 'A list of endpoints, newest first (no secrets).', schema: agentListOf(webhookEndpointResponse) },
  errors: listErrors,
});

export const listAgentEventTypesEndpoint = defineEndpoint({
  operationId: 'listWebhookEventTypes',
  method: 'GET',
  path: '/v1/webhook_endpoints/event_types',
  tag: 'Webhook endpoints',
  summary: 'List the event types',
  description: 'The catalogue endpoints subscribe to: `{id, object: "event_type", type, description}` per type.',
  access: 'project',
  permission: 'webhooks:read',
  query: z.object(agentListQuery),
  response: { status: 200, description: 'A list of event types.', schema: agentListOf(webhookEventTypeResponse) },
  errors: listErrors,
});

export const getWebhookEndpointEndpoint = defineEndpoint({
  operationId: 'getWebhookEndpoint',
  method: 'GET',
  path: '/v1/webhook_endpoints/{webhook_endpoint}',
  tag: 'Webhook endpoints',
  summary: 'Get a webhook endpoint',
  access: 'project',
  permission: 'webhooks:read',
  params: endpointParams,
  response: { status: 200, description: 'The endpoint (no secret).', schema: webhookEndpointResponse },
  errors: ['resource_not_found'],
});

export const updateWebhookEndpointEndpoint = defineEndpoint({
  operationId: 'updateWebhookEndpoint',
  method: 'PATCH',
  path: '/v1/webhook_endpoints/{webhook_endpoint}',
  tag: 'Webhook endpoints',
  summary: 'Change a webhook endpoint',
  description:
    'Each field given replaces the stored one. `disabled: true` stops new deliveries and ends pending retries; the test send still works.',
  access: 'project',
  permission: 'webhooks:write',
  params: endpointParams,
  body: z.strictObject({ url: url.optional(), events: events.optional(), description: description.optional(), disabled: z.boolean().optional() }),
  response: { status: 200, description: 'The endpoint.', schema: webhookEndpointResponse },
  errors: ['resource_not_found', ...endpointErrors],
});

export const deleteWebhookEndpointEndpoint = defineEndpoint({
  operationId: 'deleteWebhookEndpoint',
  method: 'DELETE',
  path: '/v1/webhook_endpoints/{webhook_endpoint}',
  tag: 'Webhook endpoints',
  summary: 'Delete a webhook endpoint',
  description: 'Its delivery history goes with it, and deliveries waiting for a retry stop.',
  access: 'project',
  permission: 'webhooks:write',
  params: endpointParams,
  response: { status: 200, description: '`{id, object: "webhook_endpoint", deleted: true}`.', schema: deletedObject('webhook_endpoint') },
  errors: ['resource_not_found'],
});

export const testWebhookEndpointEndpoint = defineEndpoint({
  operationId: 'testWebhookEndpoint',
  method: 'POST',
  path: '/v1/webhook_endpoints/{webhook_endpoint}/test',
  tag: 'Webhook endpoints',
  summary: 'Send a test event',
  description:
    'Sends a signed event now (the first subscribed type, `session.created` for `["*"]`, with made-up `data` and `test: true`), once, even ' +
    'to a disabled endpoint, and answers 200 `{ok, status_code, duration_ms, delivery_id, event_id, event_type, error, response_excerpt}`: a ' +
    'failing receiver is a result, not an error. The attempt is in the delivery list.',
  access: 'project',
  permission: 'webhooks:write',
  params: endpointParams,
  response: { status: 200, description: "The attempt's outcome.", schema: webhookTestResponse },
  errors: ['resource_not_found'],
});

export const listWebhookDeliveriesEndpoint = defineEndpoint({
  operationId: 'listWebhookDeliveries',
  method: 'GET',
  path: '/v1/webhook_endpoints/{webhook_endpoint}/deliveries',
  tag: 'Webhook endpoints',
  summary: "List an endpoint's deliveries",
  description:
    'One item per event sent: `{id, object: "webhook_delivery", event_id, event_type, status: pending | succeeded | failed, attempt_count, ' +
    'next_attempt_at, attempts: [{attempt, status_code, success, duration_ms, error, response_excerpt, created_at}]}`, newest first. ' +
    'Kept for the delivery history period.',
  access: 'project',
  permission: 'webhooks:read',
  params: endpointParams,
  query: z.object(agentListQuery),
  response: { status: 200, description: 'A list of deliveries.', schema: agentListOf(webhookDeliveryResponse) },
  errors: ['resource_not_found', ...listErrors],
});

export const webhookEndpointEndpoints = [
  createWebhookEndpointEndpoint,
  listWebhookEndpointsEndpoint,
  listAgentEventTypesEndpoint,
  getWebhookEndpointEndpoint,
  updateWebhookEndpointEndpoint,
  deleteWebhookEndpointEndpoint,
  testWebhookEndpointEndpoint,
  listWebhookDeliveriesEndpoint,
];
