import { apiMethods } from '@/server/api/methods';
import { buildOpenApiDocument } from '@/server/api/openapi';
import { requestIdOf } from '@/server/http/request-id';

/** The public reference of /v1, no key needed. */
function get(request: Request): Response {
  return Response.json(buildOpenApiDocument(), { headers: { 'Cache-Control': 'public, max-age=300', 'Request-Id': requestIdOf(request) } });
}

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get });
