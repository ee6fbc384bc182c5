import { buildOpenApiDocument } from '@/server/api/openapi';

/** The public reference of /v1, no key needed. */
export function GET(): Response {
  return Response.json(buildOpenApiDocument(), { headers: { 'Cache-Control': 'public, max-age=300' } });
}
