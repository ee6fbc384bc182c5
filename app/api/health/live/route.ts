/** Liveness: the web process answers. Touches nothing else, so it is cheap to poll. */
export const dynamic = 'force-dynamic';

export function GET(): Response {
  return Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } });
}
