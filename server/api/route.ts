import { CLIENT_ADDRESS_HEADER } from '@/server/http/client-address';
import { replayedAnswer, withHeaders } from '@/server/contract/answers';
import { strictQuery, type NextRouteContext, type Parsed } from '@/server/contract/endpoint';
import { errorAnswer } from '@/server/contract/http-error-mapper';
import { messagingContract } from '@/server/contract/messaging-contract';
import { authenticate, requireScope, type ApiCaller } from './authenticate';
import type { EndpointSpec } from './endpoint';
import { claimIdempotencyKey, requestFingerprint, settleIdempotencyKey, validateIdempotencyKey } from './idempotency';
import { parseWith, queryObject, readJsonBody } from './parse';
import { consumeRateLimit } from './rate-limit';
import { requestIdOf } from './request-id';

export interface EndpointContext<S extends EndpointSpec> {
  caller: ApiCaller;
  params: Parsed<S['params'], Record<string, never>>;
  query: Parsed<S['query'], Record<string, never>>;
  body: Parsed<S['body'], undefined>;
  request: Request;
  requestId: string;
}

/** A handler returns the response body (sent with the spec's status) or a full Response. */
export type EndpointHandler<S extends EndpointSpec> = (ctx: EndpointContext<S>) => Promise<unknown>;

/**
 * The one wrapper every /v1 route handler goes through, in this order: request id, API key,
 * rate limit, scope, path/query/body validation, Idempotency-Key, the handler, and the
 * mapping of every outcome to the contract's envelope and headers.
 */
export function apiRoute<S extends EndpointSpec>(spec: S, handler: EndpointHandler<S>) {
  return async (request: Request, context: NextRouteContext): Promise<Response> => {
    const requestId = requestIdOf(request);
    const headers: Record<string, string> = { 'Request-Id': requestId };
    try {
      const address = request.headers.get(CLIENT_ADDRESS_HEADER) ?? '';
      const caller = await authenticate(request.headers.get('authorization'), address);
      Object.assign(headers, await consumeRateLimit(caller.keyId, caller.rateLimitPerMin));
      requireScope(caller, spec.scope);

      const params = spec.params ? parseWith(spec.params, await context.params) : {};
      const query = parseWith(strictQuery(spec.query), queryObject(new URL(request.url)));
      let rawBody: unknown;
      if (spec.body) {
        rawBody = await readJsonBody(request);
        if (rawBody === undefined && spec.bodyOptional) rawBody = {};
      }
      const body = spec.body ? parseWith(spec.body, rawBody) : undefined;
      const ctx = { caller, params, query, body, request, requestId } as EndpointContext<S>;

      const idempotencyKey = spec.idempotent ? request.headers.get('idempotency-key') : null;
      if (idempotencyKey === null) return toResponse(spec, await handler(ctx), headers);

      validateIdempotencyKey(idempotencyKey);
      const path = new URL(request.url).pathname;
      const claim = await claimIdempotencyKey(caller.keyId, idempotencyKey, requestFingerprint(spec.method, path, rawBody));
      if (claim.kind === 'replay') return replayedAnswer(claim.response, headers);
      const response = await runToResponse(spec, handler, ctx, headers, requestId);
      await settleIdempotencyKey(claim.recordId, { status: response.status, body: await response.clone().text() });
      return response;
    } catch (error) {
      return errorAnswer(messagingContract, error, headers, requestId);
    }
  };
}

async function runToResponse<S extends EndpointSpec>(
  spec: S,
  handler: EndpointHandler<S>,
  ctx: EndpointContext<S>,
  headers: Record<string, string>,
  requestId: string,
): Promise<Response> {
  try {
    return toResponse(spec, await handler(ctx), headers);
  } catch (error) {
    return errorAnswer(messagingContract, error, headers, requestId);
  }
}

function toResponse(spec: EndpointSpec, result: unknown, headers: Record<string, string>): Response {
  if (result instanceof Response) return withHeaders(result, headers);
  if (spec.response.status === 204) return new Response(null, { status: 204, headers });
  return Response.json(result, { status: spec.response.status, headers });
}
