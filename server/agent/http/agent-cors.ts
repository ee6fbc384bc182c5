/**
 * CORS for the routes browsers reach (docs/agent-api.md §1.2). Their credentials travel in
 * `Authorization`, never in cookies, so the request's Origin is echoed on every answer, errors
 * included (`origin_not_allowed` too: the page must be able to read why it was refused); the
 * publishable key's `allowed_origins` is enforced by the request itself, not by CORS. Without
 * `Access-Control-Allow-Credentials`, a browser never sends the dashboard cookie across origins.
 */
const EXPOSED = [
  'Request-Id',
  'Agent-Version',
  'Content-Language',
  'Retry-After',
  'Idempotent-Replayed',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'x-should-retry',
].join(', ');

const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept-Language, Agent-Version, Idempotency-Key, Last-Event-ID, X-Project-Id';

export function corsHeaders(request: Request): Record<string, string> {
  const origin = request.headers.get('origin');
  if (!origin) return {};
  return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED, Vary: 'Origin' };
}

/** A preflight carries no credential, so it is answered the same for every origin; the real request is judged. */
export function preflightHeaders(origin: string | null, allow: string): Record<string, string> {
  if (!origin) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': allow,
    'Access-Control-Allow-Headers': ALLOWED_HEADERS,
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
}
