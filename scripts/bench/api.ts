import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { applyMigrations, ensureDatabase } from '../db/migrations';

/**
 * `npm run bench:api`: requests/s and latency of the liveness route (Next.js alone) and of
 * `GET /v1/me` with the whole /v1 plumbing (key lookup, rate limit, scope, two queries), in
 * one run against a production build, and their ratio. Needs `npm run build` first.
 * Targets (issue): /v1/me at >= 85 % of the liveness route's requests/s, p99 <= 1.5x its p99.
 */
const port = 3400;
const base = `http://127.0.0.1:${port}`;
const env: NodeJS.ProcessEnv & Record<'DATABASE_URL' | 'REDIS_URL', string> = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(port),
  APP_URL: base,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/wa_platform_bench',
  REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/4',
  REDIS_PREFIX: 'wa_bench',
  LOG_LEVEL: 'warn',
};
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

Object.assign(process.env, env);
const { db } = await import('../../server/db');
const { newId } = await import('../../server/db/ids');
const { apiScopes } = await import('../../server/api-keys/scopes');
const { displayPrefix, generateApiKey, hashApiKey } = await import('../../server/api-keys/key-format');

await ensureDatabase(env.DATABASE_URL);
await applyMigrations(env.DATABASE_URL);
const redis = new Redis(env.REDIS_URL);
await redis.flushdb();
redis.disconnect();

// A tenant shaped like a real one, with a key whose limit the benchmark cannot reach.
const orgId = newId('organization');
await db.organization.create({ data: { id: orgId, name: 'Bench', slug: `bench-${orgId.slice(-8).toLowerCase()}` } });
const portfolioId = newId('portfolio');
await db.businessPortfolio.create({ data: { id: portfolioId, orgId, name: 'Bench', wabaId: `bench-${orgId}`, messagingLimit: 2000, messagingLimitTier: 'TIER_2K' } });
for (const name of ['main', 'support']) {
  await db.account.create({
    data: { id: newId('account'), orgId, portfolioId, name, phoneId: `bench-${name}-${orgId}`, displayPhoneNumber: '+1 555-000-0000', isDefaultOutgoing: name === 'main' },
  });
}
const key = generateApiKey();
await db.apiKey.create({
  data: { id: newId('apiKey'), orgId, name: 'bench', prefix: displayPrefix(key), keyHash: hashApiKey(key), scopes: [...apiScopes], rateLimitPerMin: 100_000_000 },
});
await db.$disconnect();

const web = spawn(process.execPath, ['--import', 'tsx', 'server/http/serve.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
try {
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/api/health/live`).then((r) => r.ok, () => false);
    if (ok) break;
    if (i > 240) throw new Error('web did not start');
    await new Promise((r) => setTimeout(r, 250));
  }

  const run = async (title: string, path: string, headers: Record<string, string> = {}) => {
    // Warm up (JIT, connection pools), then measure.
    await autocannon({ url: `${base}${path}`, connections, duration: 3, headers });
    const result = await autocannon({ url: `${base}${path}`, connections, duration: seconds, headers });
    const errors = result.non2xx + result.errors + result.timeouts;
    console.log(
      `${title.padEnd(22)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   non-2xx/errors ${errors}`,
    );
    return result;
  };

  console.log(`\n${connections} connections, ${seconds} s each, production build\n`);
  const live = await run('GET /api/health/live', '/api/health/live');
  const me = await run('GET /v1/me', '/v1/me', { authorization: `Bearer ${key}` });
  const rpsRatio = me.requests.average / live.requests.average;
  const p99Ratio = me.latency.p99 / Math.max(1, live.latency.p99);
  console.log(`\n/v1/me requests/s: ${(rpsRatio * 100).toFixed(1)} % of liveness (target >= 85 %)`);
  console.log(`/v1/me p99: ${p99Ratio.toFixed(2)}x liveness p99 (target <= 1.5x)`);
} finally {
  web.kill('SIGTERM');
}
