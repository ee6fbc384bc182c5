import { z } from 'zod';

/** A JSON pointer (RFC 6901): empty, or segments each after a `/`. */
const jsonPointer = z
  .string()
  .max(500)
  .regex(/^(\/[^/]*)*$/, 'a JSON pointer such as /data/items');
const headerName = z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, 'a header name');
const oneLine = z
  .string()
  .max(4096)
  .regex(/^[^\r\n]*$/, 'one line');

/**
 * A tool's parameters at most: characters of JSON, and objects (schemas) in it. Real ones are a
 * few hundred bytes; compiling one costs time that grows faster than its schemas' number, and
 * each schema may read the whole arguments (up to 1 MiB) in one check.
 */
export const MAX_PARAMETERS_CHARS = 16_384;
export const MAX_PARAMETERS_OBJECTS = 128;

const jsonObjects = (value: unknown): number =>
  value === null || typeof value !== 'object'
    ? 0
    : (Array.isArray(value) ? 0 : 1) + Object.values(value).reduce((sum: number, item) => sum + jsonObjects(item), 0);

export const toolNamePattern = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

export const toolHttpSchema = z.strictObject({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).default('GET'),
  url: z.string().min(1).max(2048),
  headers: z.record(headerName, oneLine).default({}),
  query: z.record(z.string().min(1).max(200), oneLine).default({}),
  body: z.unknown().optional(),
});

export const toolResponseSchema = z.strictObject({
  items_path: jsonPointer.optional(),
  fields: z.array(jsonPointer).max(50).optional(),
  max_items: z.number().int().min(1).max(100).default(10),
});

/** Everything a tool is made of; PATCH takes any part of it. */
export const toolFields = {
  name: z.string().regex(toolNamePattern, 'letters, digits, _ and -, starting with a letter, at most 64'),
  description: z.string().max(1024),
  parameters: z
    .looseObject({ type: z.literal('object') })
    .refine((schema) => JSON.stringify(schema).length <= MAX_PARAMETERS_CHARS, `at most ${MAX_PARAMETERS_CHARS} characters of JSON`)
    .refine((schema) => jsonObjects(schema) <= MAX_PARAMETERS_OBJECTS, `at most ${MAX_PARAMETERS_OBJECTS} objects`),
  requires_verified_customer: z.boolean(),
  http: toolHttpSchema,
  response: toolResponseSchema,
  timeout_ms: z.number().int().min(100).max(10_000),
};

export const newToolSchema = z.strictObject({
  ...toolFields,
  description: toolFields.description.default(''),
  parameters: toolFields.parameters.default({ type: 'object', properties: {} }),
  requires_verified_customer: toolFields.requires_verified_customer.default(false),
  response: toolFields.response.default({ max_items: 10 }),
  timeout_ms: toolFields.timeout_ms.default(10_000),
});

export const toolPatchSchema = z.strictObject(
  Object.fromEntries(Object.entries(toolFields).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof typeof toolFields]: z.ZodOptional<(typeof toolFields)[K]>;
  },
);

export type NewTool = z.infer<typeof newToolSchema>;
export type ToolPatch = z.infer<typeof toolPatchSchema>;
export type ToolHttp = z.infer<typeof toolHttpSchema>;
