import type { z } from 'zod';
import { findUnstorableText, unstorableTextMessage } from '@/server/db/storable-text';
import { AgentError } from '@/server/errors/agent-error';
import { nestsDeeperThan } from '@/server/http/json-depth';
import { readBodyUpTo } from '@/server/http/read-body';

export const MIB = 1024 * 1024;

/** `/tools/0/name` from a zod path (RFC 6901: `~` and `/` escaped). */
export function jsonPointer(path: ReadonlyArray<PropertyKey>): string {
  return path.map((part) => `/${String(part).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/**
 * Validates a JSON body against a strict schema: an unknown field is 400 `unknown_field`, any
 * other problem 422 `validation_failed`, both with the JSON pointer of the field in `param`.
 */
export function parseAgentBody<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const unstorable = findUnstorableText(input);
  if (unstorable) {
    const param = jsonPointer(unstorable.path) || '/';
    throw new AgentError('validation_failed', { param, details: { detail: unstorableTextMessage(param, unstorable) } });
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const unknown = issues.find((i) => i.code === 'unrecognized_keys');
  if (unknown && unknown.code === 'unrecognized_keys') {
    throw new AgentError('unknown_field', { param: jsonPointer([...unknown.path, unknown.keys[0] as string]) });
  }
  const first = issues[0] as z.core.$ZodIssue;
  throw new AgentError('validation_failed', { param: jsonPointer(first.path) || '/', details: { detail: first.message } });
}

/** Query, path and header values: any problem is 400 `invalid_parameter` naming the parameter. */
export function parseAgentParameters<S extends z.ZodType>(schema: S, input: Record<string, string>): z.infer<S> {
  const unstorable = findUnstorableText(input);
  if (unstorable) {
    const param = String(unstorable.path[0] ?? '');
    throw new AgentError('invalid_parameter', { param, details: { detail: unstorableTextMessage(param, unstorable) } });
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const first = result.error.issues[0] as z.core.$ZodIssue;
  if (first.code === 'unrecognized_keys') {
    const param = first.keys[0] as string;
    throw new AgentError('invalid_parameter', { param, details: { detail: 'this route takes no such parameter.' } });
  }
  throw new AgentError('invalid_parameter', { param: String(first.path[0] ?? ''), details: { detail: first.message } });
}

/** Reads the body as JSON within `limit` bytes and 64 levels of nesting; an empty body is `undefined`. */
export async function readAgentJson(request: Request, limit: number): Promise<unknown> {
  const bytes = await readBodyUpTo(request, limit);
  if (!bytes) throw new AgentError('request_too_large', { details: { limit: limit === MIB ? '1 MiB' : `${limit / MIB} MiB` } });
  const text = bytes.toString('utf8');
  if (text.trim() === '') return undefined;
  if (nestsDeeperThan(text)) throw new AgentError('invalid_json');
  try {
    return JSON.parse(text);
  } catch {
    throw new AgentError('invalid_json');
  }
}

/** Query parameters as an object; a parameter given twice is invalid. */
export function agentQueryObject(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    if (name in query) throw new AgentError('invalid_parameter', { param: name, details: { detail: 'given more than once.' } });
    query[name] = value;
  }
  return query;
}
