import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { after, before, test } from 'node:test';
import { db } from '@/server/db';
import { seedDemo } from '@/server/seed/seed-demo';
import { waitFor } from '../support/wait-for';
import { webProcessArgs } from '../../scripts/lib/stack';

/**
 * The rate limiter fails closed: a web process whose Redis stops answering refuses /v1 calls
 * with 503 rate_limiter_unavailable instead of letting them through, and recovers when Redis
 * is back. It runs its own Redis and its own web process so the shared stack is untouched.
 */
const redisPort = 6391;
const webPort = 3191;
const base = `http://127.0.0.1:${webPort}`;
let redis: ChildProcess | undefined;
let web: ChildProcess | undefined;
let key: string;

function startRedis(): ChildProcess {
  return spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
}

async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

before(async () => {
  key = (await seedDemo()).orgs.acme.keys.full;
  redis = startRedis();
  web = spawn(process.execPath, webProcessArgs, {
    env: { ...process.env, PORT: String(webPort), REDIS_URL: `redis://127.0.0.1:${redisPort}/0`, SERVICE_NAME: 'web-redis-test' },
    stdio: 'ignore',
  });
  await waitFor('the second web process', async () => (await fetch(`${base}/api/health/live`).catch(() => null))?.ok, 60_000);
});

after(async () => {
  await stopProcess(web);
  await stopProcess(redis);
  await db.$disconnect();
});

const me = () => fetch(`${base}/v1/me`, { headers: { authorization: `Bearer ${key}` } });

test('Redis stopped: 503 rate_limiter_unavailable, nothing let through; Redis back: served again', async () => {
  await waitFor('a 200 while Redis runs', async () => (await me()).status === 200);

  await stopProcess(redis);
  const refused = await me();
  assert.equal(refused.status, 503);
  const body = await refused.json();
  assert.equal(body.error.code, 'rate_limiter_unavailable');
  assert.equal(body.error.type, 'api_error');
  assert.equal(refused.headers.get('x-ratelimit-limit'), null, 'no limit was counted');
  const health = await fetch(`${base}/api/health`);
  assert.equal(health.status, 503);

  redis = startRedis();
  await waitFor('a 200 after Redis returns', async () => (await me()).status === 200, 20_000);
});
