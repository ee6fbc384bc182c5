import { withHeaders } from '@/server/contract/answers';
import { messagingContract } from '@/server/contract/messaging-contract';
import { contractRoute, type RouteContract, type RouteRequest } from '@/server/contract/route';
import { ApiError } from '@/server/errors/api-error';
import { authenticate, requireScope, type ApiCaller } from './authenticate';
import type { EndpointSpec } from './endpoint';
import { parseWith, queryObject, readJsonBody } from './parse';
import { consumeRateLimit } from './rate-limit';

export type EndpointContext<S extends EndpointSpec> = RouteRequest<S, ApiCaller>;

/** A handler returns the response body (sent with the spec's status) or a full Response. */
export type EndpointHandler<S extends EndpointSpec> = (ctx: EndpointContext<S>) => Promise<unknown>;

const idempotencyRefusals = {
  invalid: () => new ApiError('invalid_parameter', 'Idempotency-Key must be 1 to 255 characters.', { param: 'Idempotency-Key' }),
  reused: () => new ApiError('idempotency_key_reused', 'This Idempotency-Key was already used with a different request.'),
  in_progress: () => new ApiError('idempotency_in_progress', 'A request with this Idempotency-Key is still being processed. Retry shortly.'),
};

/** The messaging contract's part of the one route pipeline (docs/messaging-api.md): an API key with the spec's scope. */
const messagingRoutes: RouteContract<EndpointSpec, ApiCaller, EndpointContext<EndpointSpec>> = {
  http: messagingContract,
  open: (_request, _spec, requestId) => ({ headers: { 'Request-Id': requestId }, language: 'en' }),
  async admit(request, spec, address, headers) {
    const caller = await authenticate(request.headers.get('authorization'), address);
    Object.assign(headers, await consumeRateLimit(caller.keyId, caller.rateLimitPerMin));
    requireScope(caller, spec.scope);
    return caller;
  },
  parseParameters: (schema, input) => parseWith(schema, input),
  queryObject,
  readBody: (request) => readJsonBody(request),
  parseBody: (schema, input) => parseWith(schema, input),
  idempotency: {
    owner: (caller) => ({ contract: 'messaging', scope: caller.keyId, apiKeyId: caller.keyId }),
    refusal: (kind) => idempotencyRefusals[kind](),
  },
  async answer(spec, request, handler, headers) {
    const result = await handler(request);
    if (result instanceof Response) return withHeaders(result, headers);
    if (spec.response.status === 204) return new Response(null, { status: 204, headers });
    return Response.json(result, { status: spec.response.status, headers });
  },
  stored: async (response) => ({ status: response.status, body: await response.clone().text() }),
};

/**
 * The one route pipeline (server/contract/route.ts) bound to /v1: request id, API key, rate
 * limit, scope, path/query/body validation, Idempotency-Key, the handler, and every outcome in
 * the messaging contract's envelope and headers.
 */
export function apiRoute<S extends EndpointSpec>(spec: S, handler: EndpointHandler<S>) {
  return contractRoute(messagingRoutes as unknown as RouteContract<S, ApiCaller, EndpointContext<S>>, spec, handler);
}
