import { z } from 'zod';
import { agentConfigSchema } from '@/server/agent/agents/agent-config';
import { toolHttpSchema, toolResponseSchema } from '@/server/agent/tools/tool-schema';
import { agentEventCatalogue } from '@/server/agent/webhooks/agent-event-types';
import { timestamp } from './common';

/** The agents' building blocks as their presenters show them (server/agent/<area>/present-*.ts). */
export const agentResponse = z.strictObject({
  id: z.string(),
  object: z.literal('agent'),
  name: z.string(),
  slug: z.string(),
  status: z.enum(['active', 'archived']),
  draft: z.strictObject({
    config: agentConfigSchema,
    etag: z.string().describe('Send as `If-Match` to change the draft.'),
    updated_at: timestamp,
  }),
  published_version: z.number().int().nullable(),
  readiness: z.strictObject({
    ready: z.boolean(),
    blockers: z.array(z.enum(['no_provider_key', 'provider_key_undecryptable', 'model_not_allowed_on_plan', 'ai_paused'])),
  }),
  created_at: timestamp,
  archived_at: timestamp.nullable(),
});

export const agentVersionResponse = z.strictObject({
  id: z.string(),
  object: z.literal('agent_version'),
  agent: z.string(),
  number: z.number().int(),
  config: agentConfigSchema,
  created_at: timestamp,
});

export const providerCredentialResponse = z.strictObject({
  id: z.string(),
  object: z.literal('provider_credential'),
  provider: z.enum(['openai', 'anthropic', 'openai_compatible']),
  name: z.string(),
  key_last4: z.string().describe('The key itself is never returned.'),
  base_url: z.string().nullable(),
  status: z.enum(['valid', 'invalid', 'undecryptable']),
  checked_at: timestamp,
  created_at: timestamp,
});

const traits = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

export const endUserResponse = z.strictObject({
  id: z.string(),
  object: z.literal('end_user'),
  external_id: z.string(),
  name: z.string().nullable(),
  traits,
  verified: z.boolean().describe('Vouched for by your server (a client token it minted).'),
  created_at: timestamp,
  updated_at: timestamp,
});

export const knowledgeSourceResponse = z.strictObject({
  id: z.string(),
  object: z.literal('knowledge_source'),
  name: z.string(),
  type: z.enum(['text', 'markdown', 'url']),
  url: z.string().nullable(),
  status: z.enum(['indexing', 'ready', 'failed']),
  error: z.string().nullable(),
  characters: z.number().int(),
  created_at: timestamp,
  indexed_at: timestamp.nullable(),
});

export const toolResponse = z.strictObject({
  id: z.string(),
  object: z.literal('tool'),
  name: z.string(),
  description: z.string(),
  parameters: z.looseObject({ type: z.literal('object') }).describe('JSON Schema of the arguments.'),
  requires_verified_customer: z.boolean(),
  http: toolHttpSchema,
  response: toolResponseSchema,
  timeout_ms: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const toolTestResponse = z.strictObject({
  ok: z.boolean(),
  status_code: z.number().int().nullable().describe('Null when no answer came.'),
  duration_ms: z.number().int(),
  result: z.unknown().optional().describe('What the model would be given: the projected answer.'),
  error: z.strictObject({ code: z.enum(['upstream_failed', 'unreadable']), detail: z.string() }).optional(),
  raw_excerpt: z.string(),
});

export const modelResponse = z.strictObject({
  id: z.string(),
  object: z.literal('model'),
  created: z.number().int().describe('Unix seconds (OpenAI’s field).'),
  owned_by: z.string().describe('OpenAI’s field.'),
  provider: z.string(),
  platform_provided: z.boolean(),
  allowed_on_plan: z.boolean(),
  configured: z.boolean(),
  context_window: z.number().int(),
  price_per_mtok: z.strictObject({ input: z.number(), output: z.number() }).describe('US dollars per million tokens.'),
});

export const ticketResponse = z.strictObject({
  id: z.string(),
  object: z.literal('ticket'),
  session: z.string(),
  end_user: z.string().nullable(),
  subject: z.string(),
  description: z.string(),
  status: z.enum(['open', 'closed']),
  run: z.string().nullable(),
  created_at: timestamp,
  closed_at: timestamp.nullable(),
});

const eventTypeName = z.enum(agentEventCatalogue.map((entry) => entry.type) as [string, ...string[]]);

export const webhookEndpointResponse = z.strictObject({
  id: z.string(),
  object: z.literal('webhook_endpoint'),
  url: z.string(),
  events: z.array(z.union([eventTypeName, z.literal('*')])),
  description: z.string().nullable(),
  disabled: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const webhookEndpointWithSecret = webhookEndpointResponse.extend({
  secret: z.string().describe('Signs the deliveries (Standard Webhooks). Shown only in this answer.'),
});

export const webhookEventTypeResponse = z.strictObject({
  id: z.string(),
  object: z.literal('event_type'),
  type: eventTypeName,
  description: z.string(),
});

export const webhookDeliveryResponse = z.strictObject({
  id: z.string(),
  object: z.literal('webhook_delivery'),
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempt_count: z.number().int(),
  next_attempt_at: timestamp.nullable(),
  attempts: z.array(
    z.strictObject({
      attempt: z.number().int(),
      status_code: z.number().int(),
      success: z.boolean(),
      duration_ms: z.number().int(),
      error: z.string().nullable(),
      response_excerpt: z.string(),
      created_at: timestamp,
    }),
  ),
  created_at: timestamp,
  updated_at: timestamp,
});

export const webhookTestResponse = z.strictObject({
  ok: z.boolean(),
  status_code: z.number().int(),
  duration_ms: z.number().int(),
  delivery_id: z.string(),
  event_id: z.string(),
  event_type: eventTypeName,
  error: z.string().nullable(),
  response_excerpt: z.string(),
});

const bilingualText = z.string().nullable();

export const widgetConfigResponse = z.strictObject({
  object: z.literal('widget.config'),
  agent: z.strictObject({
    id: z.string(),
    name: z.string(),
    greeting: bilingualText.describe('In the language of Accept-Language.'),
    locale: z.enum(['en', 'ar']),
    theme: z.strictObject({ color: z.string().optional(), position: z.enum(['start', 'end']).optional() }),
    ask_email_after_seconds: z
      .number()
      .int()
      .describe('While a handoff waits for staff, seconds with nobody answering before the widget asks for an email; 0: never.'),
  }),
});

export const widgetEmailResponse = z.strictObject({
  object: z.literal('widget.email'),
  email: z.string().describe('The address the team follows up by, as stored.'),
});

export const clientTokenResponse = z.strictObject({
  object: z.literal('client_token'),
  token: z.string().describe('`agct_…`, sent as `Authorization: Bearer`.'),
  expires_at: timestamp,
  end_user_id: z.string(),
});
