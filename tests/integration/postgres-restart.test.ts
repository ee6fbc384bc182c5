import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { applyMigrations, ensureDatabase } from '../../scripts/db/migrations';
import { startStack, waitForHealthy, type Stack } from '../../scripts/lib/stack';
import { startOwnPostgres, type OwnPostgres } from '../support/own-postgres';
import { randomPhone } from '../support/stack';
import { sleep, waitFor } from '../support/wait-for';

/**
 * PostgreSQL restarted (stop -m fast, start) under load, on a cluster of this test's own with
 * its own web, worker and simulator: while it is down /v1 answers 503 service_unavailable; then
 * web and worker recover by themselves, and every accepted message reaches the platform once,
 * counted at the simulator. Once during a burst of sends, once during a running campaign.
 */
const pgPort = 55433;
const webPort = 3391;
const simulatorPort = 4391;
const base = `http://127.0.0.1:${webPort}`;
const simulatorUrl = `http://127.0.0.1:${simulatorPort}`;
/** How long PostgreSQL stays down each time. */
const DOWN_MS = 2_000;
const logDir = 'test-results/logs/postgres-restart';
const redisPrefix = 'wa_pg_restart';

let postgres: OwnPostgres | undefined;
let stack: Stack | undefined;
let db: pg.Pool;
let key: string;
let crashed: string | undefined;

async function seed(databaseUrl: string) {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', '--json'], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  return JSON.parse(stdout) as { orgs: { acme: { keys: { full: string }; accounts: { main: { phone_id: string } } } } };
}

/** This test's queues and limits, left in Redis by an earlier run (its delayed jobs, say) or by this one. */
async function clearRedis(): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL as string);
  try {
    const keys = await redis.keys(`${redisPrefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

before(async () => {
  await clearRedis();
  postgres = await startOwnPostgres(pgPort);
  const databaseUrl = postgres.url('wa_pg_restart');
  await ensureDatabase(databaseUrl);
  await applyMigrations(databaseUrl);
  const demo = await seed(databaseUrl);
  key = demo.orgs.acme.keys.full;
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db.on('error', () => {}); // its idle connections die with the restarts
  // Bursts, not the rate limit, are under test.
  await db.query('UPDATE api_keys SET rate_limit_per_min = 1000000');

  mkdirSync(logDir, { recursive: true });
  stack = startStack({
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_PREFIX: redisPrefix,
      PORT: String(webPort),
      APP_URL: base,
      NEXTAUTH_URL: base,
      PLATFORM_BASE_URL: simulatorUrl,
      SIMULATOR_PORT: String(simulatorPort),
      SIMULATOR_WEBHOOK_URL: `${base}/api/platform/webhook`,
      // The production default, not the test stack's 3 s: a send whose recording the restart
      // interrupted waits this long for its statuses, which arrive only once PostgreSQL is back.
      SEND_IN_DOUBT_MS: '60000',
    },
    webPort,
    logDir,
  });
  stack.crashed.then(({ name, code }) => (crashed = `${name} exited with code ${code}`));
  await waitForHealthy(base, 60_000);
  // New people beyond the demo portfolio's 250 a day would be held back; this test wants them sent.
  await fetch(`${simulatorUrl}/_sim/phone-numbers/${demo.orgs.acme.accounts.main.phone_id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messaging_limit_tier: 'TIER_UNLIMITED' }),
  });
  await waitFor(
    'the unlimited tier to arrive',
    async () => (await db.query('SELECT 1 FROM business_portfolios WHERE messaging_limit < 0')).rowCount,
  );
});

after(async () => {
  await stack?.stop();
  await db?.end();
  await postgres?.destroy();
  await clearRedis();
});

function call(method: string, path: string, body?: unknown) {
  return fetch(`${base}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A distinct number not ending in one of the simulator's magic suffixes (9901 is refused: never sent). */
const used = new Set<string>();
function newPhone(): string {
  let phone: string;
  do phone = randomPhone('0');
  while (used.has(phone));
  used.add(phone);
  return phone;
}

const promo = (to: string) => ({ to, parameters: { '1': 'Ann', '2': '20%' } });

async function timesSent(phone: string): Promise<number> {
  const res = await fetch(`${simulatorUrl}/_sim/sent?to=${encodeURIComponent(phone)}`);
  return ((await res.json()) as { data: unknown[] }).data.length;
}

/** Restarts PostgreSQL the way an operator or a failover does: fast shutdown, a pause, start. */
async function restartPostgres(): Promise<void> {
  await postgres!.stop();
  await sleep(DOWN_MS);
  await postgres!.start();
}

/** Every phone in `once` reaches the platform exactly once (waiting for the pipeline), and none of `never`. */
async function assertSentOnce(once: string[], never: string[]): Promise<void> {
  await waitFor(
    `${once.length} messages at the simulator`,
    async () => {
      for (const phone of once) if ((await timesSent(phone)) === 0) return false;
      return true;
    },
    30_000,
  );
  await sleep(1_000); // a second send, were one coming, has the time to arrive
  const counts = await Promise.all(once.map(timesSent));
  assert.deepEqual(
    counts.filter((n) => n !== 1),
    [],
    'every accepted message is sent once',
  );
  assert.deepEqual(
    (await Promise.all(never.map(timesSent))).filter((n) => n !== 0),
    [],
    'no refused message is sent',
  );
}

test('a burst of sends across a restart: 503 service_unavailable while down, every accepted one sent once', async () => {
  const accepted: string[] = [];
  const refused: string[] = [];
  const unexpected: string[] = [];
  let sending = true;
  const sender = async () => {
    while (sending) {
      const to = newPhone();
      const res = await call('POST', '/messages', {
        to,
        type: 'template',
        template: { name: 'promo_offer', parameters: { '1': 'Ann', '2': '20%' } },
      }).catch((error: Error) => ({ status: 0, json: async () => ({ error: { code: error.message } }) }));
      const body = (await res.json()) as { error?: { code: string } };
      if (res.status === 201) accepted.push(to);
      else if (res.status === 503 && body.error?.code === 'service_unavailable') refused.push(to);
      else unexpected.push(`${res.status} ${JSON.stringify(body)}`);
      if (res.status !== 201) await sleep(50);
    }
  };
  const senders = Array.from({ length: 4 }, sender);
  await sleep(500);
  const acceptedBefore = accepted.length;
  await restartPostgres();
  await waitFor('sends accepted again', async () => accepted.length > acceptedBefore + 20 && refused.length > 0 && accepted.at(-1), 20_000);
  sending = false;
  await Promise.all(senders);

  assert.deepEqual(unexpected.slice(0, 5), [], 'only 201 or 503 service_unavailable');
  assert.ok(refused.length > 0, 'sends during the downtime were refused');
  assert.equal(crashed, undefined, 'web and worker outlive the restart');
  await assertSentOnce(accepted, refused);
});

test('a campaign running across a restart sends to every recipient once and completes', async () => {
  const phones = Array.from({ length: 300 }, newPhone);
  const created = await call('POST', '/campaigns', { name: 'Restart', template: 'promo_offer' });
  assert.equal(created.status, 201);
  const { id } = (await created.json()) as { id: string };
  assert.equal((await call('POST', `/campaigns/${id}/recipients`, { recipients: phones.map(promo) })).status, 200);
  assert.equal((await call('POST', `/campaigns/${id}/start`)).status, 200);
  const sentSoFar = async () =>
    Number(
      (
        await db.query(
          `SELECT count(*) AS n FROM messages m JOIN campaign_recipients r ON r.id = m.campaign_recipient_id
       WHERE r.campaign_id = $1 AND m.status <> 'pending'`,
          [id],
        )
      ).rows[0].n,
    );
  await waitFor('the campaign to be sending', async () => (await sentSoFar()) >= 40, 20_000);

  await restartPostgres();
  assert.equal(crashed, undefined, 'web and worker outlive the restart');

  await waitFor(
    'the campaign to complete',
    async () => {
      const res = await call('GET', `/campaigns/${id}`).catch(() => null);
      return res?.status === 200 && ((await res.json()) as { status: string }).status === 'completed';
    },
    40_000,
  );
  await assertSentOnce(phones, []);
});
