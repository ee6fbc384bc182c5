import { checkHealth } from '@/server/health/check-health';

/** Readiness: 200 when the database, Redis and at least one worker answer, else 503. */
export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  const { ok, body } = await checkHealth();
  return Response.json(body, { status: ok ? 200 : 503, headers: { 'cache-control': 'no-store' } });
}
