import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, errorEnvelope } from '@/server/errors/api-error';
import { newRequestId, REQUEST_ID_HEADER } from '@/server/api/request-id';

const apiPath = /^\/v1(?:[/?]|$)/;
// What Next.js routes; any other method (TRACE, PROPFIND, …) it answers with a bare 500.
const routedMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The web server's part of every /v1 answer, before Next.js sees the request: the request id
 * (handed to the route handler, and set on whatever answer goes out, the redirects Next.js
 * makes on its own included), and the envelope for requests Next.js would fail with a bare
 * 500: a method no route takes, a path that is not valid percent-encoding. Returns true when
 * it answered the request itself.
 */
export function answerApiEdge(req: IncomingMessage, res: ServerResponse): boolean {
  if (!apiPath.test(req.url ?? '')) return false;
  const requestId = newRequestId();
  req.headers[REQUEST_ID_HEADER] = requestId;
  res.setHeader('Request-Id', requestId);
  const refusal = edgeRefusal(req.method ?? '', (req.url ?? '').split('?')[0] as string);
  if (!refusal) return false;
  res.writeHead(refusal.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(errorEnvelope(refusal, requestId)));
  return true;
}

function edgeRefusal(method: string, path: string): ApiError | null {
  if (!routedMethods.has(method)) return new ApiError('method_not_allowed', `${method} is not a method this API takes.`);
  try {
    decodeURIComponent(path);
  } catch {
    return new ApiError('resource_not_found', `There is no endpoint at ${path}: the path is not valid percent-encoding.`);
  }
  return null;
}
