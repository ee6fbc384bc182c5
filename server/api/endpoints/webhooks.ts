import { z } from 'zod';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { pagingQuery } from '../paging';
import { httpUrl, listOf, timestamp } from '../schemas';

/** The subscribable events (docs/messaging-api.md §7). New names are only added; clients read the catalogue. */
export const webhookEventNames = [
  'message.received',
  'message.sent',
  'message.delivered',
  'message.read',
  'message.failed',
  'message.reaction',
  'button.reply',
  'campaign.completed',
  'campaign.failed',
  'campaign.throttled',
  'template.status_updated',
  'account.quality_updated',
] as const;

const webhookEvent = z.enum(webhookEventNames);

const webhookFields = {
  name: z.string().min(1).max(100).describe('For your records, up to 100 characters.'),
  url: httpUrl.describe(
    'Public http(s) URL that receives the deliveries, up to 2,048 characters. Private, loopback and internal addresses are refused.',
  ),
  events: z.array(webhookEvent).min(1).describe('At least one event name from `GET /v1/webhooks/events`. Unknown names are refused.'),
  headers: z.record(z.string(), z.string()).optional().describe('Extra headers sent with every delivery, e.g. for your own authentication.'),
  secret: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/)
    .optional()
    .describe('Signing secret in Standard Webhooks form, `whsec_<base64>`. Generated when omitted.'),
  is_active: z.boolean().describe('False stops deliveries without deleting the webhook.'),
};

const webhookSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  headers: z.record(z.string(), z.string()),
  is_active: z.boolean(),
  created_at: timestamp,
});

const webhookId = z.object({ id: z.string().describe('Webhook id.') });

export const listWebhookEvents = defineEndpoint({
  operationId: 'listWebhookEvents',
  method: 'GET',
  path: '/v1/webhooks/events',
  tag: 'Webhooks',
  summary: 'The catalogue of subscribable events',
  description: 'Read this list rather than hard-coding event names: names are added over time.',
  scope: 'account:read',
  response: {
    status: 200,
    description: 'Every event a webhook can subscribe to',
    schema: listOf(
      z.object({
        value: z.string().describe('The event name, as used in `events` and in the payload.'),
        group: z.string(),
        label: z.string(),
        description: z.string(),
        label_key: z.string().describe('Internal dashboard translation key; ignore.'),
        description_key: z.string().describe('Internal dashboard translation key; ignore.'),
      }),
      false,
    ),
  },
});

export const listWebhooks = defineEndpoint({
  operationId: 'listWebhooks',
  method: 'GET',
  path: '/v1/webhooks',
  tag: 'Webhooks',
  summary: 'List webhooks',
  description: 'Secrets are not included.',
  scope: 'webhooks:read',
  response: { status: 200, description: 'All webhooks of the organization', schema: listOf(webhookSchema, false) },
});

export const createWebhook = defineEndpoint({
  operationId: 'createWebhook',
  method: 'POST',
  path: '/v1/webhooks',
  tag: 'Webhooks',
  summary: 'Create a webhook',
  description:
    'Deliveries are signed per the Standard Webhooks specification (`webhook-id`, `webhook-timestamp`, `webhook-signature` headers) ' +
    'with the secret, which is returned only in this response. Each event is attempted up to 8 times over about 28 hours ' +
    '(at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h); a 2xx answer within 15 s is a success.',
  scope: 'webhooks:write',
  body: z.object({ ...webhookFields, is_active: webhookFields.is_active.default(true) }).strict(),
  idempotent: true,
  response: {
    status: 201,
    description: 'The webhook, with its secret (shown only now)',
    schema: webhookSchema.extend({ secret: z.string().describe('`whsec_…`. Store it now: it is never returned again.') }),
  },
  errors: ['url_not_allowed'],
});

export const getWebhook = defineEndpoint({
  operationId: 'getWebhook',
  method: 'GET',
  path: '/v1/webhooks/{id}',
  tag: 'Webhooks',
  summary: 'Read a webhook',
  scope: 'webhooks:read',
  params: webhookId,
  response: { status: 200, description: 'The webhook, without its secret', schema: webhookSchema },
  errors: ['resource_not_found'],
});

export const updateWebhook = defineEndpoint({
  operationId: 'updateWebhook',
  method: 'PATCH',
  path: '/v1/webhooks/{id}',
  tag: 'Webhooks',
  summary: 'Update a webhook',
  description:
    'Partial: omitted fields stay as they are. Sending `secret` rotates it. `events` cannot be emptied; ' +
    'set `is_active: false` to stop deliveries.',
  scope: 'webhooks:write',
  params: webhookId,
  body: z
    .object({
      name: webhookFields.name.optional(),
      url: webhookFields.url.optional(),
      events: webhookFields.events.optional(),
      headers: webhookFields.headers,
      secret: webhookFields.secret.describe('A new signing secret, `whsec_<base64>`: rotates it.'),
      is_active: webhookFields.is_active.optional(),
    })
    .strict(),
  response: { status: 200, description: 'The updated webhook, without its secret', schema: webhookSchema },
  errors: ['resource_not_found', 'url_not_allowed'],
});

export const deleteWebhook = defineEndpoint({
  operationId: 'deleteWebhook',
  method: 'DELETE',
  path: '/v1/webhooks/{id}',
  tag: 'Webhooks',
  summary: 'Delete a webhook',
  description: 'Pending retries to it are dropped.',
  scope: 'webhooks:write',
  params: webhookId,
  response: { status: 204, description: 'Deleted; no body' },
  errors: ['resource_not_found'],
});

export const testWebhook = defineEndpoint({
  operationId: 'testWebhook',
  method: 'POST',
  path: '/v1/webhooks/{id}/test',
  tag: 'Webhooks',
  summary: 'Send a test event to a webhook',
  description:
    'Sends a signed sample event once, without retries, and reports what the receiver answered. The answer is 200 even when the ' +
    'receiver failed; read `delivered`. The attempt also appears in the delivery history.',
  scope: 'webhooks:write',
  params: webhookId,
  idempotent: true,
  response: {
    status: 200,
    description: 'The outcome of the test delivery',
    schema: z.object({
      delivered: z.boolean().describe('True when the receiver answered 2xx within 15 s.'),
      status_code: z.number().int().describe('0 when the request never completed (DNS failure, time-out, refused connection).'),
      duration_ms: z.number().int(),
      delivery_id: z.string().describe('The `webhook-id` header of the delivery.'),
      response_body: z.string().describe("The receiver's answer, truncated."),
      error: z
        .string()
        .nullable()
        .describe(
          'Why the delivery failed (the receiver answered HTTP 500, a time-out, a refused connection, a refused address); null when it succeeded.',
        ),
    }),
  },
  errors: ['resource_not_found'],
});

export const listWebhookDeliveries = defineEndpoint({
  operationId: 'listWebhookDeliveries',
  method: 'GET',
  path: '/v1/webhooks/{id}/deliveries',
  tag: 'Webhooks',
  summary: 'Delivery history of a webhook, newest first',
  description: 'Every attempt is a record, retries included; attempts of one event share `delivery_id`. Records are kept 7 days.',
  scope: 'webhooks:read',
  params: webhookId,
  query: z.object({ event: webhookEvent.optional().describe('Only deliveries of this event.'), limit: pagingQuery.limit }).strict(),
  response: {
    status: 200,
    description: 'The most recent delivery attempts',
    schema: listOf(
      z.object({
        id: z.string(),
        delivery_id: z.string().describe('Shared by every attempt for one event: tells a retry from a duplicate event.'),
        event: z.string(),
        attempt: z.number().int().min(1),
        status_code: z.number().int().describe('0 when the request never completed.'),
        success: z.boolean(),
        duration_ms: z.number().int(),
        request_body: z.string().describe('The exact payload sent.'),
        response_body: z.string(),
        error: z.string().nullable().describe('Why the attempt failed, as the test send reports it; null when it succeeded.'),
        created_at: timestamp,
      }),
      false,
    ),
  },
  errors: ['resource_not_found'],
});

export const endpoints = [
  listWebhookEvents,
  listWebhooks,
  createWebhook,
  getWebhook,
  updateWebhook,
  deleteWebhook,
  testWebhook,
  listWebhookDeliveries,
];
