import type { z } from 'zod';
import { findUnstorableText, unstorableTextMessage } from '@/server/db/storable-text';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '@/server/http/json-depth';
import { readBodyUpTo } from '@/server/http/read-body';
import { ApiError } from '@/server/errors/api-error';

/** Requests larger than this are refused with 413 before they are parsed. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** `recipients[3].to` from a zod path. */
export function paramName(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((name, part) => {
    if (typeof part === 'number') return `${name}[${part}]`;
    return name ? `${name}.${String(part)}` : String(part);
  }, '');
}

function valueAt(input: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = input;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

/**
 * Validates `input` against a strict schema and maps the first problem to the contract:
 * an unknown field is 400 `unknown_field`, an absent required one 422 `missing_parameter`,
 * anything else 422 `invalid_parameter`, each with `param` naming the field. A string holding
 * a NUL or a lone surrogate is 422 `invalid_parameter` whatever the schema says.
 */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.infer<S> {
  const at = (path: ReadonlyArray<PropertyKey>) => (prefix ? `${prefix}${path.length ? '.' : ''}` : '') + paramName(path);
  // Every text field, query parameter and path segment passes here: a character the database
  // cannot store is the caller's mistake (422), not a failure worth retrying (500).
  const unstorable = findUnstorableText(input);
  if (unstorable) {
    const field = at(unstorable.path);
    throw new ApiError('invalid_parameter', unstorableTextMessage(field || 'body', unstorable), field ? { param: field } : {});
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues;

  const unknown = issues.find((i) => i.code === 'unrecognized_keys');
  if (unknown && unknown.code === 'unrecognized_keys') {
    const field = at([...unknown.path, unknown.keys[0] as string]);
    throw new ApiError('unknown_field', `Unknown field \`${field}\`: this endpoint does not accept it.`, { param: field });
  }
  // A type or union mismatch with nothing at the path is an absent field; a failed rule
  // (say "exactly one of `to` or `contact_id`") is not, even when it points at an absent one.
  const missing = issues.find(
    (i) => (i.code === 'invalid_type' || i.code === 'invalid_union') && i.path.length > 0 && valueAt(input, i.path) === undefined,
  );
  if (missing) {
    const field = at(missing.path);
    throw new ApiError('missing_parameter', `Missing required field \`${field}\`.`, { param: field });
  }
  const first = issues[0] as z.core.$ZodIssue;
  const field = at(first.path);
  throw new ApiError('invalid_parameter', `Invalid \`${field || 'body'}\`: ${first.message}`, field ? { param: field } : {});
}

/** Reads the body as JSON, refusing more than 1 MiB, nesting deeper than 64 levels and anything that is not a JSON object. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const bytes = await readBodyUpTo(request, MAX_BODY_BYTES);
  if (!bytes) throw tooLarge();
  const text = bytes.toString('utf8');
  if (text.trim() === '') return undefined;
  if (nestsDeeperThan(text)) {
    throw new ApiError('invalid_json', `The request body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep.`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('invalid_json', 'The request body is not valid JSON.');
  }
}

const tooLarge = () => new ApiError('request_too_large', `The request body is larger than ${MAX_BODY_BYTES} bytes (1 MiB).`);

/** Query parameters as an object; a parameter given twice is invalid. */
export function queryObject(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    if (name in query) throw new ApiError('invalid_parameter', `Query parameter \`${name}\` was given more than once.`, { param: name });
    query[name] = value;
  }
  return query;
}
