import { db } from '@/server/db';
import { getRedis } from '@/server/redis';
import { liveWorkers } from './worker-heartbeat';

interface Check {
  ok: boolean;
  latency_ms?: number;
  error?: string;
}

async function timed(run: () => Promise<unknown>): Promise<Check> {
  const started = performance.now();
  try {
    await run();
    return { ok: true, latency_ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Database, Redis and worker heartbeat, checked together; healthy only when all three are. */
export async function checkHealth() {
  let workers: Awaited<ReturnType<typeof liveWorkers>> | null = null;
  const [database, redisCheck, workerCheck] = await Promise.all([
    timed(() => db.$queryRaw`SELECT 1`),
    timed(() => getRedis().ping()),
    timed(async () => {
      workers = await liveWorkers(getRedis());
      if (workers.count === 0) throw new Error('no worker heartbeat');
    }),
  ]);
  const found = workers as Awaited<ReturnType<typeof liveWorkers>> | null;
  const checks = {
    database,
    redis: redisCheck,
    worker: { ...workerCheck, live: found?.count ?? 0, last_seen_at: found?.lastSeenAt?.toISOString() ?? null },
  };
  const ok = database.ok && redisCheck.ok && workerCheck.ok;
  return { ok, body: { status: ok ? 'ok' : 'unavailable', checks } };
}
