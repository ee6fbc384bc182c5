import { z } from 'zod';
import { commonErrors, type EndpointSpec } from './endpoint';
import { allEndpoints } from './endpoints';
import { webhookEvents } from './webhook-payloads';
import {
  errorResponses as groupedErrorResponses,
  openApiDocumentSchema,
  specParameters,
  specPaths,
  specRequestBody,
  toSchema,
  webhookOperation,
  type JsonSchema,
  type OpenApiParameter,
  type OpenApiResponse,
  type OpenApiWebhook,
} from '@/server/contract/openapi';
import { messagingErrorCodes, messagingErrorTypes, type MessagingErrorCode, type MessagingErrorType } from '@/server/errors/messaging-codes';

/**
 * The OpenAPI 3.1 document of /v1, generated from the endpoint specs that also build the route
 * handlers, and from the error-code table, so the reference cannot drift from what is enforced.
 */
export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  parameters: Array<OpenApiParameter | { $ref: string }>;
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, OpenApiResponse>;
  security: Array<Record<string, string[]>>;
  /** Null for the one public operation, this document. */
  'x-scope': string | null;
  'x-idempotent': boolean;
  'x-error-codes': MessagingErrorCode[];
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string; description?: string }>;
  security: Array<Record<string, string[]>>;
  tags: Array<{ name: string; description?: string }>;
  paths: Record<string, Partial<Record<'get' | 'post' | 'patch' | 'delete', OpenApiOperation>>>;
  webhooks: Record<string, OpenApiWebhook>;
  components: {
    securitySchemes: Record<string, unknown>;
    schemas: Record<string, JsonSchema>;
    parameters: Record<string, OpenApiParameter>;
    headers: Record<string, { description: string; schema: JsonSchema }>;
  };
}

const tagDescriptions: Record<string, string> = {
  Account: 'The organization, the calling key and the phone numbers it can send from.',
  Messages: 'Send messages of every type and follow their status.',
  Conversations: 'The inbox: one thread per contact, and its messages.',
  Campaigns: 'Send one approved template to many recipients, paced against the messaging limit.',
  Webhooks: 'Receive message, reply and campaign events over HTTP, signed per Standard Webhooks.',
  Templates: 'Message templates synced from the platform, with the variables each declares.',
  Contacts: 'The people the organization messages.',
  Reference: 'This API as an OpenAPI document.',
};

const description = `
The messaging API of the platform: send WhatsApp Business messages from your connected numbers, read conversations, run template campaigns and receive events by webhook. Every path starts with \`/v1\`. Bodies are JSON; timestamps are ISO 8601 UTC strings; ids are opaque strings; phone numbers are written in international format and stored as E.164.

## Authentication
Send an API key on every request: \`Authorization: Bearer <API_KEY>\`. Keys are created in the dashboard (never through this API), look like \`msk_live_…\`, and carry **scopes**; each operation names the one it needs (\`x-scope\`), and a key without it gets 403 \`insufficient_scope\`. Keys can expire, be revoked or switched off, and be limited to source addresses. Resources of another organization answer 404, exactly like missing ones.

## Errors
Every error has the same body: \`{ "error": { "type", "code", "message", "param"?, "doc_url", "request_id" } }\`. Branch on \`code\` (stable, only ever added to; fall back to \`type\` and the HTTP status for codes you do not know), never on \`message\`. \`param\` names the offending field, e.g. \`recipients[3].to\`. \`request_id\` equals the \`Request-Id\` header every response carries; quote it to support. Every code is described at [/docs/errors](/docs/errors).

## Rate limits
Per API key, over a 60-second window (default 600 requests per minute). Every authenticated response carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` (Unix seconds). Over the limit the answer is 429 \`rate_limited\` with \`Retry-After\` (seconds); nothing was processed. If the limit cannot be checked the request is refused with 503 \`rate_limiter_unavailable\`, never let through. The platform's messaging limit (people newly contacted per 24 hours) is separate.

## Idempotency
Every POST accepts an \`Idempotency-Key\` header (1 to 255 characters, scoped to the API key, kept 24 hours). Repeating a key with the same body after the first request finished replays its status and body with \`Idempotent-Replayed: true\`. The same key with a different body is 409 \`idempotency_key_reused\`; while the first request still runs, 409 \`idempotency_in_progress\`. 5xx results are not stored, so a retry after one runs again.

## Paging
Lists answer \`{ data, has_more }\`; paged lists also give \`next_cursor\` while more pages exist. Pass \`limit\` (1 to 200, default 50) and \`cursor\` (the previous \`next_cursor\`, opaque; a cursor from another list is 422 \`invalid_parameter\`). Lists are newest first and stable while new rows arrive.

## Request rules
Request bodies are limited to 1 MiB (413 \`request_too_large\`). A body field or query parameter the operation does not accept is refused with 400 \`unknown_field\`, as is invalid JSON, or JSON nesting objects and arrays more than 64 levels deep, with 400 \`invalid_json\`; a missing field is 422 \`missing_parameter\` and a wrong one 422 \`invalid_parameter\`. Text holding a NUL character (\`\\u0000\`) or an unpaired UTF-16 surrogate is a wrong field wherever it stands, as is a URL longer than 2,048 characters. A path under /v1 that names no endpoint is 404 \`resource_not_found\`; a method the endpoint does not take is 405 \`method_not_allowed\`, with \`Allow\` listing those it takes.
`.trim();

const bodyErrors: MessagingErrorCode[] = ['invalid_json', 'unknown_field', 'request_too_large', 'missing_parameter', 'invalid_parameter'];
const queryErrors: MessagingErrorCode[] = ['unknown_field', 'invalid_parameter'];
const idempotencyErrors: MessagingErrorCode[] = ['invalid_parameter', 'idempotency_key_reused', 'idempotency_in_progress'];

/** Every code an operation can answer with: its own, those its inputs imply, and those of every endpoint. */
export function operationErrorCodes(spec: EndpointSpec): MessagingErrorCode[] {
  const codes = new Set<MessagingErrorCode>([
    ...commonErrors,
    ...(spec.params ? (['invalid_parameter'] as const) : []),
    ...(spec.query ? queryErrors : []),
    ...(spec.body ? bodyErrors : []),
    ...(spec.idempotent ? idempotencyErrors : []),
    ...(spec.errors ?? []),
  ]);
  const order = Object.keys(messagingErrorCodes) as MessagingErrorCode[];
  return order.filter((code) => codes.has(code)).sort((a, b) => messagingErrorCodes[a].status - messagingErrorCodes[b].status);
}

const rateLimitHeaders = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
  'X-RateLimit-Reset': { $ref: '#/components/headers/X-RateLimit-Reset' },
};
const requestIdHeader = { 'Request-Id': { $ref: '#/components/headers/Request-Id' } };

function successResponse(spec: EndpointSpec): OpenApiResponse {
  const { status, description: text, schema, contentType } = spec.response;
  const headers = {
    ...requestIdHeader,
    ...rateLimitHeaders,
    ...(spec.idempotent ? { 'Idempotent-Replayed': { $ref: '#/components/headers/Idempotent-Replayed' } } : {}),
  };
  if (status === 204) return { description: text, headers };
  const type = contentType ?? 'application/json';
  const body = schema ? toSchema(schema, 'output') : { type: 'string', format: 'binary' };
  return { description: text, headers, content: { [type]: { schema: body } } };
}

/** GET /v1/openapi.json: served without a key (app/v1/openapi.json), so outside the endpoint specs, which all need one. */
function documentOperation(): OpenApiOperation {
  const codes: MessagingErrorCode[] = ['internal_error'];
  return {
    operationId: 'getOpenApiDocument',
    tags: ['Reference'],
    summary: 'This API as an OpenAPI 3.1 document',
    description: 'This document. No key needed.',
    parameters: [],
    responses: {
      '200': {
        description: 'The OpenAPI document.',
        headers: requestIdHeader,
        content: { 'application/json': { schema: toSchema(openApiDocumentSchema, 'output') } },
      },
      ...errorResponses(codes),
    },
    security: [],
    'x-scope': null,
    'x-idempotent': false,
    'x-error-codes': codes,
  };
}

function errorResponses(codes: MessagingErrorCode[]): Record<string, OpenApiResponse> {
  return groupedErrorResponses(codes, {
    status: (code) => messagingErrorCodes[code].status,
    meaning: (code) => messagingErrorCodes[code].meaning,
    // A 401 comes before the key is known, so before its rate limit is counted.
    headers: (status) => ({
      ...requestIdHeader,
      ...(status !== 401 ? rateLimitHeaders : {}),
      ...(status === 429 ? { 'Retry-After': { $ref: '#/components/headers/Retry-After' } } : {}),
    }),
  });
}

function operation(spec: EndpointSpec): OpenApiOperation {
  const codes = operationErrorCodes(spec);
  return {
    operationId: spec.operationId,
    tags: [spec.tag],
    summary: spec.summary,
    description: `${spec.description ?? spec.summary}\n\nRequires scope \`${spec.scope}\`.`,
    parameters: [...specParameters(spec), ...(spec.idempotent ? [{ $ref: '#/components/parameters/Idempotency-Key' }] : [])],
    ...specRequestBody(spec),
    responses: { [String(spec.response.status)]: successResponse(spec), ...errorResponses(codes) },
    security: [{ bearerAuth: [] }],
    'x-scope': spec.scope,
    'x-idempotent': spec.idempotent === true,
    'x-error-codes': codes,
  };
}

const errorSchema = z.object({
  error: z.object({
    type: z.enum(Object.keys(messagingErrorTypes) as [MessagingErrorType, ...MessagingErrorType[]]).describe('Category of the error.'),
    code: z.string().describe('Stable identifier to branch on. New codes are only added; fall back to `type` for unknown ones.'),
    message: z.string().describe('Human-readable; may be reworded, never parse it.'),
    param: z.string().optional().describe('The offending field, e.g. `recipients[3].to`, when there is one.'),
    doc_url: z.string().describe('The description of the code at `/docs/errors#<code>`.'),
    request_id: z.string().describe('Equals the `Request-Id` header.'),
  }),
});

const integerHeader = (text: string) => ({ description: text, schema: { type: 'integer' } });

function build(): OpenApiDocument {
  const { paths, tags } = specPaths(allEndpoints, operation);
  paths['/v1/openapi.json'] = { get: documentOperation() };
  return {
    openapi: '3.1.0',
    info: { title: 'Messaging API', version: '1', description },
    servers: [{ url: '/', description: 'This service' }],
    security: [{ bearerAuth: [] }],
    tags: [...tags, 'Reference'].map((name) => ({ name, ...(tagDescriptions[name] ? { description: tagDescriptions[name] } : {}) })),
    paths,
    webhooks: Object.fromEntries(
      webhookEvents.map(({ event, description: text, schema }) => [event, webhookOperation(event, text, toSchema(schema, 'output'))]),
    ),
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'API key',
          description: 'An API key from the dashboard, e.g. `msk_live_…`, sent as `Authorization: Bearer <API_KEY>`.',
        },
      },
      schemas: { Error: toSchema(errorSchema, 'output') },
      parameters: {
        'Idempotency-Key': {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'Makes a retry safe: the same key with the same body within 24 hours replays the first result instead of acting twice.',
          schema: { type: 'string', minLength: 1, maxLength: 255 },
        },
      },
      headers: {
        'Request-Id': { description: 'Identifies this request; equals `error.request_id`.', schema: { type: 'string' } },
        'X-RateLimit-Limit': integerHeader('Requests per minute allowed for this key (`rate_limit_per_min`).'),
        'X-RateLimit-Remaining': integerHeader('Requests left in the current 60-second window.'),
        'X-RateLimit-Reset': integerHeader('Unix time, in seconds, when the window resets.'),
        'Retry-After': integerHeader('Seconds to wait before retrying.'),
        'Idempotent-Replayed': {
          description: '`true` when this is the stored result of an earlier request with the same Idempotency-Key.',
          schema: { type: 'string', enum: ['true'] },
        },
      },
    },
  };
}

let cached: OpenApiDocument | undefined;

/** Built once per process: the specs cannot change while it runs. */
export function buildOpenApiDocument(): OpenApiDocument {
  cached ??= build();
  return cached;
}
