import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { z } from 'zod';

const ajv = new Ajv2020({ strict: false, allErrors: true });

/**
 * Checks a real answer against the schema the OpenAPI document is generated from, with every
 * object closed (as zod outputs them; the document leaves them open for clients): a field the
 * presenter adds, drops or retypes fails, so the document cannot drift from the API.
 */
export function documented<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const validate = ajv.compile(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' }));
  assert.ok(validate(body), `${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`);
  return body as z.output<T>;
}
