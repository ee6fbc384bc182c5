import { z } from 'zod';
import type { BaseEndpointSpec } from './endpoint';

/**
 * What every contract's OpenAPI 3.1 document is built from: JSON Schema from the endpoint specs'
 * zod schemas, their parameters and bodies, error answers grouped by status, webhooks, and the
 * paths of a list of specs. Each contract's builder (server/api/openapi.ts,
 * server/agent/http/agent-openapi.ts) adds its own headers, security and descriptions.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  description?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  $ref?: string;
  [keyword: string]: unknown;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, { $ref: string }>;
  content?: Record<string, { schema: JsonSchema }>;
}

/** One event of a document's `webhooks` section (OpenAPI 3.1): the POST the service makes to a subscriber. */
export interface OpenApiWebhook {
  post: {
    operationId: string;
    summary: string;
    description: string;
    parameters: OpenApiParameter[];
    requestBody: { required: true; content: { 'application/json': { schema: JsonSchema } } };
    responses: Record<string, { description: string }>;
  };
}

/**
 * zod → JSON Schema, minus noise a reader gains nothing from. Schemas `named` names come out
 * under `$defs`, referred to by `#/$defs/<name>` (the caller moves them into components).
 */
export function toSchema(schema: z.ZodType, io: 'input' | 'output', named?: ReadonlyMap<z.ZodType, string>): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // zod reads descriptions and ids from one registry (it only calls `get`): the global one, with the names added.
    metadata:
      named &&
      ({
        get: (node: z.ZodType) => ({ ...z.globalRegistry.get(node), ...(named.has(node) ? { id: named.get(node) } : {}) }),
      } as unknown as typeof z.globalRegistry),
    override: ({ jsonSchema }) => {
      const node = jsonSchema as JsonSchema;
      if (node.format === 'date-time') delete node.pattern;
      if (node.maximum === Number.MAX_SAFE_INTEGER) delete node.maximum;
      if (node.minimum === Number.MIN_SAFE_INTEGER) delete node.minimum;
      // Responses gain fields over time: clients must not treat the listed ones as closed.
      if (io === 'output' && node.additionalProperties === false) delete node.additionalProperties;
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

export function objectParameters(schema: z.ZodObject | undefined, location: 'path' | 'query'): OpenApiParameter[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input');
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description: text, ...rest } = property;
    return {
      name,
      in: location,
      required: location === 'path' || (json.required ?? []).includes(name),
      ...(text ? { description: text } : {}),
      schema: rest,
    };
  });
}

const deliveryHeader = (name: string, text: string): OpenApiParameter => ({
  name,
  in: 'header',
  required: true,
  description: text,
  schema: { type: 'string' },
});

/** A webhook event as the `webhooks` section describes it: a signed POST (Standard Webhooks) of `payload`. */
export function webhookOperation(event: string, description: string, payload: JsonSchema): OpenApiWebhook {
  return {
    post: {
      operationId: `webhook_${event.replace(/\W/g, '_')}`,
      summary: event,
      description,
      parameters: [
        deliveryHeader('webhook-id', 'The delivery id, the same on every attempt of one event to one receiver.'),
        deliveryHeader('webhook-timestamp', 'Unix seconds when this attempt was signed.'),
        deliveryHeader('webhook-signature', '`v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the secret.'),
      ],
      requestBody: { required: true, content: { 'application/json': { schema: payload } } },
      responses: { '2XX': { description: 'Received. Any other answer, or none within the time-out, is retried.' } },
    },
  };
}

/** The shape of an OpenAPI document, for the operation that serves one. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  webhooks: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.record(z.string(), z.record(z.string(), z.unknown())),
});

type AnySpec = BaseEndpointSpec<string, z.ZodObject, z.ZodObject, z.ZodType>;

/** The spec's path and query parameters. */
export const specParameters = (spec: AnySpec): OpenApiParameter[] => [
  ...objectParameters(spec.params, 'path'),
  ...objectParameters(spec.query, 'query'),
];

/** The spec's JSON body, where it takes one. */
export const specRequestBody = (spec: AnySpec) =>
  spec.body ? { requestBody: { required: !spec.bodyOptional, content: { 'application/json': { schema: toSchema(spec.body, 'input') } } } } : {};

/** One answer per status the codes have, listing each code with what it means, in the contract's `Error` envelope. */
export function errorResponses<Code extends string>(
  codes: Code[],
  table: { status(code: Code): number; meaning(code: Code): string; headers(status: number): Record<string, { $ref: string }> },
): Record<string, OpenApiResponse> {
  const byStatus = new Map<number, Code[]>();
  for (const code of codes) byStatus.set(table.status(code), [...(byStatus.get(table.status(code)) ?? []), code]);
  const responses: Record<string, OpenApiResponse> = {};
  for (const [status, group] of byStatus) {
    responses[String(status)] = {
      description: `Possible codes:\n\n${group.map((code) => `- \`${code}\`: ${table.meaning(code)}`).join('\n')}`,
      headers: table.headers(status),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return responses;
}

/** The document's paths, one operation per spec, and its tags in the order the specs name them. */
export function specPaths<S extends AnySpec, O>(specs: readonly S[], operation: (spec: S) => O) {
  const paths: Record<string, Partial<Record<'get' | 'post' | 'patch' | 'delete', O>>> = {};
  const tags: string[] = [];
  for (const spec of specs) {
    const method = spec.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
    paths[spec.path] = { ...paths[spec.path], [method]: operation(spec) };
    if (!tags.includes(spec.tag)) tags.push(spec.tag);
  }
  return { paths, tags };
}
