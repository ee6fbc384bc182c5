import { apiMethods } from '@/server/api/methods';
import { buildOpenApiDocument } from '@/server/api/openapi';
import { newRequestId } from '@/server/api/route';

/** The public reference of /v1, no key needed. */
function get(): Response {
  return Response.json(buildOpenApiDocument(), { headers: { 'Cache-Control': 'public, max-age=300', 'Request-Id': newRequestId() } });
}

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get });
