import { z } from 'zod';
import {
  errorResponses as groupedErrorResponses,
  specParameters,
  specPaths,
  specRequestBody,
  toSchema,
  type JsonSchema,
  type OpenApiParameter,
  type OpenApiResponse,
  type OpenApiWebhook,
} from '@/server/contract/openapi';
import { agentErrorCodes, agentErrorTypes, type AgentErrorCode, type AgentErrorType } from '@/server/errors/agent-codes';
import { accessErrors, endUserErrors, universalErrors, type AgentEndpointSpec } from './agent-endpoint';
import { AGENT_API_VERSION } from './agent-version';
import { allAgentEndpoints } from './endpoints';
import { outputSchema } from './responses/named-schemas';
import { agentWebhooks } from './responses/webhook-events';

/**
 * The OpenAPI 3.1 document of /agent/v1, generated from the endpoint specs that also build the
 * route handlers and from the agent error table, so the reference cannot drift from what is
 * enforced. Served at /agent/v1/openapi.json and rendered at /agent/docs.
 */
export interface AgentOpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  parameters: Array<OpenApiParameter | { $ref: string }>;
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, OpenApiResponse>;
  security: Array<Record<string, string[]>>;
  'x-access': string;
  'x-permission': string | null;
  'x-idempotent': boolean;
  'x-error-codes': AgentErrorCode[];
}

export interface AgentOpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string; description?: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, Partial<Record<'get' | 'post' | 'patch' | 'delete', AgentOpenApiOperation>>>;
  webhooks: Record<string, OpenApiWebhook>;
  components: {
    securitySchemes: Record<string, unknown>;
    schemas: Record<string, JsonSchema>;
    parameters: Record<string, OpenApiParameter>;
    headers: Record<string, { description: string; schema: JsonSchema }>;
  };
}

export const agentApiDescription = `
The conversational agent service: agents that answer customers over the API, the website widget and WhatsApp, and hand them to people. Paths are relative to the base URL \`{base_url}/agent\` and start with \`/v1\`. Bodies are JSON, timestamps ISO 8601 UTC, ids opaque prefixed strings (\`prj_\`, \`agt_\`, \`run_\`, \`pcred_\`, \`key_\` …).

## Authentication
Server integrations send a secret key, \`Authorization: Bearer agk_live_…\`; a key belongs to one project and carries scopes (\`agents:read\`, \`runs:write\` …) or \`permissions: all\`. A key without the route's scope gets 403 \`insufficient_scope\`. The dashboard uses its session cookie and names the project in \`X-Project-Id\`; such requests must be same-origin JSON (\`csrf_check_failed\`). Publishable keys (\`agpk_live_…\`) and client tokens reach only the browser routes (\`principal_not_allowed\` elsewhere). Another project's resources answer 404, exactly like missing ones.

## Website widget
A site embeds the widget with one tag, \`<script src="{base_url}/widget/v1/widget.js" data-key="agpk_live_…" async>\` (optional \`data-language\` \`en\` or \`ar\`, \`data-position\` \`left\` or \`right\`); the publishable key must allow the page's origin. Visitors chat anonymously (\`POST /v1/widget/token\`). When one of your users is signed in, your server mints a client token for them (\`POST /v1/client_tokens\` with a secret key, never in the page) and the page hands the widget a function that fetches it: \`window.AgentWidget = window.AgentWidget || {q: []}; AgentWidget.q.push(['identify', () => fetch('/your/agent-token').then((r) => r.text())])\`. Pushing works before and after the widget loads. The widget calls \`POST /v1/widget/identify\`, so the visitor's conversation becomes the user's and goes on, and calls the function again whenever the token nears expiry (such tokens cannot be refreshed). Identify on every page while the user is signed in; when they sign out, \`AgentWidget.q.push(['logout'])\` starts a new anonymous visitor. A refused token (\`invalid_client_token\`, \`token_expired\`) shows a line in the widget and one warning in the console.

## Versions and languages
Send \`Agent-Version: ${AGENT_API_VERSION}\` or nothing; any other value is 400 \`invalid_api_version\`. Every response carries \`Agent-Version\` and \`Request-Id\`. Error and warning messages follow \`Accept-Language\` (\`ar\` or \`en\`, default \`en\`), answered in \`Content-Language\`.

## Errors
\`{ "error": { "type", "code", "message", "param"?, "request_id", "doc_url" } }\`. Branch on \`code\`; codes are only ever added. \`param\` is a JSON pointer into the body (\`/config/model/id\`) or a parameter's name. Every code: [/agent/docs/errors](/agent/docs/errors). Retry 429 after \`Retry-After\`; 409 \`session_busy\`, \`session_queue_full\` and \`idempotency_in_progress\` after a short pause; 500, 502, 503 with backoff; never when \`x-should-retry: false\`.

## Requests
Unparsable JSON, or JSON nesting objects and arrays more than 64 levels deep, is 400 \`invalid_json\`, an unknown body field 400 \`unknown_field\`, a bad body value 422 \`validation_failed\`, a bad query, path or header value 400 \`invalid_parameter\`; bodies over 1 MiB (5 MiB for knowledge sources) are 413 \`request_too_large\`. Successful answers may carry \`warnings: [{code, message, param?}]\`.

## Event streams and browsers
Answers with \`stream: true\` and the \`…/events\` routes are server-sent events. Open streams are capped: 5 per end user (a signed-in customer or an anonymous visitor), 50 per client address with browser credentials, 500 per key; one more is 429 \`rate_limited\` with \`Retry-After\`. A stream that ends, or whose client leaves, frees its slot at once. Browsers set no configuration: a client token's message may not send \`overrides\`, nor variables the agent does not mark \`browser_settable\` (403 \`principal_not_allowed\` naming the field), and the session's own variables win over a browser's.

## Lists
\`{ "object": "list", "data", "first_id", "last_id", "has_more" }\`, newest first; \`limit\` 1–100 (20); \`after=<last_id>\` for the next page or \`before=<first_id>\` for the previous one, never both (400 \`invalid_cursor\`, also for an id from another list).

## Idempotency
Creating POSTs take \`Idempotency-Key\` (1–255 characters, else 400 \`invalid_idempotency_key\`), kept 24 hours per caller and route: the same request replays the first answer with \`Idempotent-Replayed: true\`; another body with the same key is 422 \`idempotency_key_reused\`; while the first still runs, 409 \`idempotency_in_progress\`. 5xx answers are not kept.

## Rate limits
Per key (its \`rate_limit_per_min\`), per dashboard user and per address: 429 \`rate_limited\` with \`Retry-After\`. If the limit cannot be checked the request is refused with 503 \`service_unavailable\`, never let through.
`.trim();

const bodyErrors: AgentErrorCode[] = ['invalid_json', 'unknown_field', 'validation_failed', 'request_too_large'];
const idempotencyErrors: AgentErrorCode[] = ['invalid_idempotency_key', 'idempotency_key_reused', 'idempotency_in_progress'];

/** Every code an operation can answer: its own, its access kind's, its inputs', and every route's. */
export function agentOperationErrorCodes(spec: AgentEndpointSpec): AgentErrorCode[] {
  const codes = new Set<AgentErrorCode>([
    ...universalErrors,
    ...accessErrors[spec.access],
    ...(spec.endUsers ? endUserErrors : []),
    ...(spec.body ? bodyErrors : []),
    ...(spec.idempotent ? idempotencyErrors : []),
    ...(spec.errors ?? []),
  ]);
  if (!spec.body) for (const code of bodyErrors) if (!spec.errors?.includes(code) && code !== 'request_too_large') codes.delete(code);
  const order = Object.keys(agentErrorCodes) as AgentErrorCode[];
  return order.filter((code) => codes.has(code)).sort((a, b) => agentErrorCodes[a].status - agentErrorCodes[b].status);
}

const headerRefs = (names: string[]) => Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

function errorResponses(codes: AgentErrorCode[]): Record<string, OpenApiResponse> {
  return groupedErrorResponses(codes, {
    status: (code) => agentErrorCodes[code].status,
    meaning: (code) => agentErrorCodes[code].en,
    headers: (status) => headerRefs(['Request-Id', 'Agent-Version', 'Content-Language', ...(status === 429 ? ['Retry-After'] : [])]),
  });
}

const eventStream = {
  schema: {
    type: 'string',
    description: 'Server-sent events: `id` (resume with `Last-Event-ID`), `event` (the type) and `data` (JSON) per event; `: ping` every 15 s.',
  },
};

/**
 * JSON typed by the spec's schema; an event stream where the route streams; both where the
 * body's `stream` chooses (a stream route with a JSON schema). A JSON answer without a schema
 * is a mistake: generated clients would see an untyped object.
 */
function successContent(spec: AgentEndpointSpec, components: Record<string, JsonSchema>): Record<string, { schema: JsonSchema }> {
  const { schema, stream } = spec.response;
  if (!schema && !stream) throw new Error(`${spec.operationId}: a JSON response needs its schema`);
  return {
    ...(schema ? { 'application/json': { schema: outputSchema(schema, components) } } : {}),
    ...(stream ? { 'text/event-stream': eventStream } : {}),
  };
}

function operation(spec: AgentEndpointSpec, components: Record<string, JsonSchema>): AgentOpenApiOperation {
  const codes = agentOperationErrorCodes(spec);
  const who =
    spec.access === 'project'
      ? `A secret key or the dashboard cookie with \`X-Project-Id\`${spec.permission ? `; needs \`${spec.permission}\`` : ''}.` +
        (spec.endUsers ? ' Browsers too, with a client token (`agct_…`): only that end user’s items, another’s are 404.' : '')
      : spec.access === 'organization'
        ? `The dashboard cookie${spec.permission ? `; needs \`${spec.permission}\`` : ''}.`
        : spec.access === 'widget'
          ? 'A browser: `Authorization: Bearer agpk_live_…` (a publishable key) with an `Origin` in its `allowed_origins`, or `Bearer agct_…` (a client token), told apart by the prefix.'
          : 'No credential.';
  const { status, description } = spec.response;
  const success: OpenApiResponse = {
    description,
    headers: headerRefs(['Request-Id', 'Agent-Version', 'Content-Language', ...(spec.idempotent ? ['Idempotent-Replayed'] : [])]),
    ...(status === 204 ? {} : { content: successContent(spec, components) }),
  };
  return {
    operationId: spec.operationId,
    tags: [spec.tag],
    summary: spec.summary,
    description: `${spec.description ?? spec.summary}\n\n${who}`,
    parameters: [
      ...specParameters(spec),
      { $ref: '#/components/parameters/Agent-Version' },
      { $ref: '#/components/parameters/Accept-Language' },
      ...(spec.access === 'project' ? [{ $ref: '#/components/parameters/X-Project-Id' }] : []),
      ...(spec.idempotent ? [{ $ref: '#/components/parameters/Idempotency-Key' }] : []),
    ],
    ...specRequestBody(spec),
    responses: { [String(status)]: success, ...errorResponses(codes) },
    security:
      spec.access === 'public'
        ? []
        : spec.access === 'widget'
          ? [{ publishableKey: [] }, { clientToken: [] }]
          : [{ secretKey: [] }, { dashboardCookie: [] }, ...(spec.endUsers ? [{ clientToken: [] }] : [])],
    'x-access': spec.access,
    'x-permission': spec.permission ?? null,
    'x-idempotent': spec.idempotent === true,
    'x-error-codes': codes,
  };
}

const errorSchema = z.object({
  error: z.object({
    type: z.enum(Object.keys(agentErrorTypes) as [AgentErrorType, ...AgentErrorType[]]).describe('Category of the error.'),
    code: z
      .enum(Object.keys(agentErrorCodes) as [AgentErrorCode, ...AgentErrorCode[]])
      .describe('Stable identifier to branch on; new codes may be added.'),
    message: z.string().describe('For people, in the language of Accept-Language (ar or en). Never parse it.'),
    param: z.string().optional().describe('A JSON pointer such as `/tools/max_tool_rounds`, or a parameter name.'),
    request_id: z.string().describe('Equals the Request-Id header.'),
    doc_url: z.string().describe('The description of the code at /agent/docs/errors#<code>.'),
  }),
});

const stringHeader = (description: string) => ({ description, schema: { type: 'string' } });

function build(): AgentOpenApiDocument {
  const schemas: Record<string, JsonSchema> = { Error: toSchema(errorSchema, 'output') };
  const { paths, tags } = specPaths(allAgentEndpoints, (spec) => operation(spec, schemas));
  return {
    openapi: '3.1.0',
    info: { title: 'Agent service API', version: AGENT_API_VERSION, description: agentApiDescription },
    servers: [{ url: '/agent', description: 'This service' }],
    tags: tags.map((name) => ({ name })),
    paths,
    webhooks: agentWebhooks(schemas),
    components: {
      securitySchemes: {
        secretKey: { type: 'http', scheme: 'bearer', bearerFormat: 'agk_live_…', description: 'A secret key of one project.' },
        publishableKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'agpk_live_…',
          description: "A publishable key, from a browser whose Origin is in the key's allowed_origins; widget routes only.",
        },
        clientToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'agct_…',
          description: 'A client token (POST /v1/client_tokens, or the widget’s): the browser acts as that end user.',
        },
        dashboardCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'next-auth.session-token',
          description: 'The dashboard session; send X-Project-Id.',
        },
      },
      schemas,
      parameters: {
        'Agent-Version': {
          name: 'Agent-Version',
          in: 'header',
          required: false,
          description: `Absent or \`${AGENT_API_VERSION}\`.`,
          schema: { type: 'string', enum: [AGENT_API_VERSION] },
        },
        'Accept-Language': {
          name: 'Accept-Language',
          in: 'header',
          required: false,
          description: 'Language of `message` fields: `ar` or `en` (default).',
          schema: { type: 'string' },
        },
        'X-Project-Id': {
          name: 'X-Project-Id',
          in: 'header',
          required: false,
          description: "The project, for dashboard cookie requests; with a key it must be the key's own.",
          schema: { type: 'string' },
        },
        'Idempotency-Key': {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'Makes a retry safe for 24 hours.',
          schema: { type: 'string', minLength: 1, maxLength: 255 },
        },
      },
      headers: {
        'Request-Id': stringHeader('Identifies this request; equals `error.request_id`.'),
        'Agent-Version': stringHeader(`Always \`${AGENT_API_VERSION}\`.`),
        'Content-Language': stringHeader('The language of `message` fields: `en` or `ar`.'),
        'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
        'Idempotent-Replayed': stringHeader('`true` when this is the stored answer of an earlier request with the same Idempotency-Key.'),
      },
    },
  };
}

let cached: AgentOpenApiDocument | undefined;

/** Built once per process: the specs cannot change while it runs. */
export function buildAgentOpenApiDocument(): AgentOpenApiDocument {
  cached ??= build();
  return cached;
}
