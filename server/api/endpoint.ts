import type { z } from 'zod';
import type { ApiScope } from '@/server/api-keys/scopes';
import type { MessagingErrorCode } from '@/server/errors/messaging-codes';

/**
 * The contract of one /v1 operation: path, scope, schemas. The route handler is built from it
 * (server/api/route.ts) and the OpenAPI document is generated from the same objects, so the
 * reference cannot drift from what is enforced.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface EndpointSpec<
  Params extends z.ZodObject = z.ZodObject,
  Query extends z.ZodObject = z.ZodObject,
  Body extends z.ZodType = z.ZodType,
> {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI form, e.g. `/v1/contacts/{id}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  scope: ApiScope;
  params?: Params;
  query?: Query;
  body?: Body;
  /** The body may be omitted entirely (it is then parsed as `{}`). */
  bodyOptional?: boolean;
  idempotent?: boolean;
  response: { status: number; description: string; schema?: z.ZodType; contentType?: string };
  /** Contract errors this operation can answer with, beyond those every endpoint can. */
  errors?: MessagingErrorCode[];
}

export function defineEndpoint<P extends z.ZodObject, Q extends z.ZodObject, B extends z.ZodType>(
  spec: EndpointSpec<P, Q, B>,
): EndpointSpec<P, Q, B> {
  return spec;
}

/** Errors of a path rather than an operation: answered for methods a path does not take. */
export const pathErrors: MessagingErrorCode[] = ['method_not_allowed'];

/** Errors any authenticated endpoint can answer with. */
export const commonErrors: MessagingErrorCode[] = [
  'missing_api_key',
  'invalid_api_key',
  'api_key_expired',
  'api_key_revoked',
  'api_key_disabled',
  'legacy_api_key',
  'ip_not_allowed',
  'insufficient_scope',
  'subscription_inactive',
  'rate_limited',
  'rate_limiter_unavailable',
  'service_unavailable',
  'internal_error',
];
