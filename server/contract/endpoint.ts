import { z } from 'zod';

/**
 * What every contract's endpoint spec declares: one operation's path, schemas and the codes it
 * can answer with. The route handler is built from the spec and the OpenAPI document is
 * generated from the same objects, so the reference cannot drift from what is enforced. Each
 * contract adds how its callers are let in (a key scope; an access kind and permission).
 */
export interface BaseEndpointSpec<Code extends string, Params extends z.ZodObject, Query extends z.ZodObject, Body extends z.ZodType> {
  operationId: string;
  /** HEAD and OPTIONS come with the route file (route-methods.ts). */
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** OpenAPI form relative to the contract's base URL, e.g. `/v1/contacts/{id}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  params?: Params;
  query?: Query;
  body?: Body;
  /** The body may be omitted entirely (it is then parsed as `{}`). */
  bodyOptional?: boolean;
  idempotent?: boolean;
  /** Codes this operation can answer with beyond those every endpoint of its kind can. */
  errors?: Code[];
}

/** The parsed type of an optional schema of a spec, or `Fallback` when the spec has none. */
export type Parsed<T, Fallback> = [NonNullable<T>] extends [z.ZodType] ? z.infer<NonNullable<T>> : Fallback;

export type NextRouteContext = { params: Promise<Record<string, string | string[]>> };

/** Unknown query parameters are refused like unknown body fields (and any, where none are taken). */
const noQuery = z.object({}).strict();
const strictQueries = new WeakMap<z.ZodObject, z.ZodObject>();

/** The spec's query schema refusing unknown parameters, made once per schema (the request path is hot). */
export function strictQuery(query: z.ZodObject | undefined): z.ZodObject {
  if (!query) return noQuery;
  let strict = strictQueries.get(query);
  if (!strict) strictQueries.set(query, (strict = query.strict()));
  return strict;
}
