import { errorAnswer } from '@/server/contract/http-error-mapper';
import { messagingContract } from '@/server/contract/messaging-contract';
import { routeMethods, unknownPath, type OwnMethod, type RouteHandler } from '@/server/contract/route-methods';
import { ApiError } from '@/server/errors/api-error';
import { requestIdOf } from '@/server/http/request-id';

/** What a /v1 route file exports (server/contract/route-methods.ts), answered in the messaging contract. */
function refusal(
  request: Request,
  status: 'method_not_allowed' | 'resource_not_found',
  message: string,
  headers: Record<string, string> = {},
): Response {
  const requestId = requestIdOf(request);
  return errorAnswer(messagingContract, new ApiError(status, message), { 'Request-Id': requestId, ...headers }, requestId);
}

export function apiMethods<H extends Partial<Record<OwnMethod, RouteHandler>>>(handlers: H) {
  return routeMethods(handlers, {
    refuse: (request, allow) =>
      refusal(request, 'method_not_allowed', `${request.method} is not allowed on ${new URL(request.url).pathname}; it takes ${allow}.`, {
        Allow: allow,
      }),
    options: (request, allow) => new Response(null, { status: 204, headers: { 'Request-Id': requestIdOf(request), Allow: allow } }),
  });
}

/** Every method of the /v1 catch-all: a path that names no endpoint. */
export function unknownApiPath() {
  return unknownPath((request) =>
    refusal(request, 'resource_not_found', `There is no endpoint at ${new URL(request.url).pathname}. The reference is at /docs/api.`),
  );
}
