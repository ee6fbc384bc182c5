import { ApiError } from '@/server/errors/api-error';
import { requestIdOf } from './request-id';
import { errorAnswer } from '@/server/contract/http-error-mapper';
import { messagingContract } from '@/server/contract/messaging-contract';

/**
 * What a /v1 route file exports, so that no /v1 answer comes from Next.js itself (a bare 405,
 * an OPTIONS without Request-Id): its own handlers, HEAD as GET, OPTIONS listing `Allow`,
 * and 405 `method_not_allowed` in the envelope for every other method.
 */
type RouteHandler = (request: Request, context: never) => Promise<Response> | Response;
type OwnMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Method = OwnMethod | 'HEAD' | 'OPTIONS';

function refusal(
  request: Request,
  status: 'method_not_allowed' | 'resource_not_found',
  message: string,
  headers: Record<string, string> = {},
): Response {
  const requestId = requestIdOf(request);
  return errorAnswer(messagingContract, new ApiError(status, message), { 'Request-Id': requestId, ...headers }, requestId);
}

export function apiMethods<H extends Partial<Record<OwnMethod, RouteHandler>>>(handlers: H): H & Record<Method, RouteHandler> {
  const allow = [...Object.keys(handlers), ...(handlers.GET ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  const refuse = (request: Request) =>
    refusal(request, 'method_not_allowed', `${request.method} is not allowed on ${new URL(request.url).pathname}; it takes ${allow}.`, {
      Allow: allow,
    });
  return {
    GET: refuse,
    POST: refuse,
    PUT: refuse,
    PATCH: refuse,
    DELETE: refuse,
    HEAD: handlers.GET ?? refuse,
    OPTIONS: (request: Request) => new Response(null, { status: 204, headers: { 'Request-Id': requestIdOf(request), Allow: allow } }),
    ...handlers,
  };
}

/** Every method of the /v1 catch-all: a path that names no endpoint. */
export function unknownApiPath(): Record<Method, RouteHandler> {
  const answer = (request: Request) =>
    refusal(request, 'resource_not_found', `There is no endpoint at ${new URL(request.url).pathname}. The reference is at /docs/api.`);
  return { GET: answer, HEAD: answer, POST: answer, PUT: answer, PATCH: answer, DELETE: answer, OPTIONS: answer };
}
