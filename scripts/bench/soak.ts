import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startStack, waitForHealthy } from '../lib/stack';
import { benchEnv, createBenchTemplate, createBenchTenant, resetStores } from './bench-setup';

/**
 * `npm run bench:soak` (production build first: `npm run build`): the retention purge keeps
 * the tables it purges flat under a steady workload. Round after round (BENCH_SOAK_ROUNDS, 8;
 * stopped after BENCH_SOAK_SECONDS, 240), BENCH_SOAK_SENDS (1,000) template sends with an
 * Idempotency-Key each go through web, worker and simulator, whose sent/delivered/read
 * statuses come back as platform webhooks and go out as webhook deliveries to a receiver on
 * 127.0.0.1. Every retention is BENCH_SOAK_RETENTION_S (5 s) and the purge runs every 2 s,
 * so each round's rows should be gone by the next: after each round (its deliveries arrived,
 * then a pause longer than a retention and a purge) it prints each table's rows and
 * pg_total_relation_size. Everything runs on 127.0.0.1. Deleted rows' space is reused once
 * vacuumed: where the server runs with autovacuum off, the bench vacuums these tables after
 * each round in its stead, and says so.
 */
const port = 3840;
const simulatorPort = 4840;
const base = `http://127.0.0.1:${port}`;
const rounds = Number(process.env.BENCH_SOAK_ROUNDS ?? 8);
const sendsPerRound = Number(process.env.BENCH_SOAK_SENDS ?? 1_000);
const deadline = Date.now() + Number(process.env.BENCH_SOAK_SECONDS ?? 240) * 1000;
const retention = String(process.env.BENCH_SOAK_RETENTION_S ?? 5);
const purgeEvery = 2;
const tables = ['outbox_jobs', 'events', 'platform_events', 'idempotency_records', 'webhook_deliveries', 'webhook_delivery_attempts'];

const env = {
  ...benchEnv(port, simulatorPort),
  OUTBOUND_ALLOWLIST: '127.0.0.1/32',
  RETENTION_PURGE_EVERY_S: String(purgeEvery),
  OUTBOX_RETENTION_S: retention,
  EVENTS_RETENTION_S: retention,
  PLATFORM_EVENTS_RETENTION_S: retention,
  WEBHOOK_HISTORY_RETENTION_S: retention,
  IDEMPOTENCY_KEY_TTL_S: retention,
};
await resetStores(env);

const { db, orgId, accounts, key } = await createBenchTenant({ throughputPerSec: 1000 });
const main = accounts[0] as { id: string; phoneId: string };
await createBenchTemplate(orgId, main.id, 'order_update');

let deliveries = 0;
const receiver: Server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    deliveries += 1;
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const { newId } = await import('../../server/db/ids');
const { generateWebhookSecret } = await import('../../server/webhooks/webhook-rules');
await db.webhook.create({
  data: {
    id: newId('webhook'),
    orgId,
    name: 'soak',
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    events: ['message.sent', 'message.delivered', 'message.read'],
    secret: generateWebhookSecret(),
  },
});

let sent = 0;
/** One round's sends, 20 at a time; each creates a message, an outbox row and an idempotency record. */
async function sendRound(): Promise<void> {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < sendsPerRound) {
        const i = sent + next++;
        const res = await fetch(`${base}/v1/messages`, {
          method: 'POST',
          headers: { ...headers, 'idempotency-key': randomUUID() },
          body: JSON.stringify({
            to: `+1555${String(5000000 + i)}`,
            type: 'template',
            template: { name: 'order_update', parameters: { customer_name: 'Soak', order_id: String(i) } },
          }),
        });
        if (res.status !== 201) throw new Error(`send answered ${res.status}: ${await res.text()}`);
      }
    }),
  );
  sent += sendsPerRound;
}

/** Waits until every send so far had its three statuses delivered, or none arrived for 20 s. */
async function waitForDeliveries(): Promise<void> {
  let [last, stalledSince] = [-1, Date.now()];
  while (deliveries < sent * 3 && Date.now() - stalledSince < 20_000) {
    if (deliveries !== last) [last, stalledSince] = [deliveries, Date.now()];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function tableSizes(): Promise<string> {
  const cells: string[] = [];
  for (const table of tables) {
    const [row] = await db.$queryRawUnsafe<Array<{ n: bigint; bytes: bigint }>>(
      `SELECT (SELECT count(*) FROM ${table}) AS n, pg_total_relation_size('${table}') AS bytes`,
    );
    cells.push(`${String(row?.n).padStart(6)} / ${String(Math.round(Number(row?.bytes) / 1024)).padStart(5)} kB`);
  }
  return cells.join(' | ');
}

const autovacuum = (await db.$queryRawUnsafe<Array<{ autovacuum: string }>>('SHOW autovacuum'))[0]?.autovacuum;

mkdirSync('/tmp/bench-soak-logs', { recursive: true });
const stack = startStack({ env, webPort: port, logDir: '/tmp/bench-soak-logs' });
try {
  await waitForHealthy(base);
  await fetch(`http://127.0.0.1:${simulatorPort}/_sim/phone-numbers/${main.phoneId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ throughput_level: 'HIGH', messaging_limit_tier: 'TIER_UNLIMITED' }),
  });
  console.log(`\n${rounds} rounds of ${sendsPerRound} sends (3 webhook deliveries each); retentions ${retention} s, purge every ${purgeEvery} s`);
  console.log(`rows / pg_total_relation_size after each round, of: ${tables.join(', ')}`);
  if (autovacuum !== 'on') console.log('autovacuum is off on this server: the bench runs VACUUM on these tables after each round instead');
  console.log(`round  sent    ${tables.map((t) => t.slice(0, 17).padEnd(17)).join(' | ')}`);
  const started = Date.now();
  for (let round = 1; round <= rounds && Date.now() < deadline; round++) {
    await sendRound();
    await waitForDeliveries();
    // Longer than a retention plus a purge interval: this round's rows are due.
    await new Promise((resolve) => setTimeout(resolve, (Number(retention) + purgeEvery * 2) * 1000));
    if (autovacuum !== 'on') await db.$executeRawUnsafe(`VACUUM ${tables.join(', ')}`);
    console.log(`${String(round).padStart(5)}  ${String(sent).padStart(6)}  ${await tableSizes()}`);
  }
  console.log(`${sent} sends, ${deliveries} of ${sent * 3} webhook deliveries received in ${Math.round((Date.now() - started) / 1000)} s`);
} finally {
  receiver.close();
  await stack.stop();
  await db.$disconnect();
}
process.exit(0);
