import { spawn } from 'node:child_process';
import { measure, waitForLive } from './measure';
import { benchEnv, createBenchTenant, resetStores } from './bench-setup';
import { webProcessArgs } from '../lib/stack';

/**
 * `npm run bench:api`: requests/s and latency of the liveness route (Next.js alone) and of
 * `GET /v1/me` with the whole /v1 plumbing (key lookup and organization view from the caller cache, rate limit in Redis, scope), in
 * one run against the production build (`npm run build` first), and their ratio.
 * Targets: /v1/me at >= 85 % of the liveness route's requests/s, p99 <= 1.5x its p99.
 */
const port = 3400;
const env = benchEnv(port, 4400);
await resetStores(env);
const { db, key } = await createBenchTenant();
await db.$disconnect();

const web = spawn(process.execPath, webProcessArgs, { env, stdio: ['ignore', 'inherit', 'inherit'] });
try {
  const base = `http://127.0.0.1:${port}`;
  await waitForLive(base);
  const live = await measure('GET /api/health/live', { url: `${base}/api/health/live` }, undefined, web.pid);
  const me = await measure('GET /v1/me', { url: `${base}/v1/me`, headers: { authorization: `Bearer ${key}` } }, undefined, web.pid);
  const rpsRatio = me.requests.average / live.requests.average;
  const p99Ratio = me.latency.p99 / Math.max(1, live.latency.p99);
  console.log(`\n/v1/me requests/s: ${(rpsRatio * 100).toFixed(1)} % of liveness (target >= 85 %)`);
  console.log(`/v1/me p99: ${p99Ratio.toFixed(2)}x liveness p99 (target <= 1.5x)`);
  console.log(`/v1/me web CPU/request: ${(me.cpuPerRequest! / live.cpuPerRequest!).toFixed(2)}x liveness's`);
} finally {
  web.kill('SIGTERM');
}
