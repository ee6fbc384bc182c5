import type { z } from 'zod';
import type { ApiScope } from '@/server/api-keys/scopes';
import type { BaseEndpointSpec } from '@/server/contract/endpoint';
import type { MessagingErrorCode } from '@/server/errors/messaging-codes';

/** The contract of one /v1 operation (server/contract/endpoint.ts): callers need a key with `scope`. */
export interface EndpointSpec<
  Params extends z.ZodObject = z.ZodObject,
  Query extends z.ZodObject = z.ZodObject,
  Body extends z.ZodType = z.ZodType,
> extends BaseEndpointSpec<MessagingErrorCode, Params, Query, Body> {
  scope: ApiScope;
  response: { status: number; description: string; schema?: z.ZodType; contentType?: string };
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
