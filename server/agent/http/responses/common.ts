import { z } from 'zod';

/**
 * Response schemas of /agent/v1: what the presenters return, written once for the OpenAPI
 * document (and its generated clients). They are strict so a test over real HTTP
 * (tests/integration/agent-openapi-responses.test.ts) fails when a presenter gains, loses or
 * retypes a field; the document itself leaves objects open (responses gain fields over time).
 */
export const timestamp = z.string().describe('ISO 8601 timestamp, UTC.');

/** `{ object: "list", data, first_id, last_id, has_more }`, newest first. */
export const agentListOf = <T extends z.ZodType>(item: T) =>
  z.strictObject({
    object: z.literal('list'),
    data: z.array(item),
    first_id: z.string().nullable().describe('Pass as `before` for the previous page.'),
    last_id: z.string().nullable().describe('Pass as `after` for the next page.'),
    has_more: z.boolean(),
  });

/** What a DELETE answers: `{id, object, deleted: true}`. */
export const deletedObject = <T extends string>(object: T) =>
  z.strictObject({ id: z.string(), object: z.literal(object), deleted: z.literal(true) });

const warning = z.strictObject({
  code: z.string().describe('Stable identifier of the warning, e.g. `create_params_ignored`.'),
  message: z.string().describe('For people, in the language of Accept-Language.'),
  param: z.string().optional(),
});

/** An answer that may carry non-fatal notes (only added when there are some). */
export const withWarnings = <T extends z.ZodObject>(schema: T) => schema.extend({ warnings: z.array(warning).optional() });
