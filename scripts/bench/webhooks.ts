import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { mkdirSync } from 'node:fs';
import { startStack, waitForHealthy } from '../lib/stack';
import { benchEnv, createBenchTenant, resetStores } from './bench-setup';

/**
 * `npm run bench:webhooks` (production build first: `npm run build`): 100,000 events, spread
 * round-robin over 10 tenants that each have one webhook to its own receiver on 127.0.0.77;
 * receiver 10 never answers, so each attempt there ends at the 15 s delivery timeout (the
 * worker does not let it be injected). Events are written in batches like publishEvent does
 * (event row + outbox job) at BENCH_EVENTS_PER_SEC and dispatched on the same fast path as
 * the product (the worker's relay remains the backstop). Reported: deliveries/s to the healthy
 * receivers and p50/p99 event-to-delivery (arrival minus the event's created_at), also split
 * before and after the dead receiver starts timing out, to show it slows no one else.
 */
const port = 3820;
const simulatorPort = 4820;
const totalEvents = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 100_000);
const eventsPerSec = Number(process.env.BENCH_EVENTS_PER_SEC ?? 1_200);
const receivers = 10;
// BENCH_NO_DEAD=1 answers on receiver 10 too: the control run to compare the figures with.
const withDeadReceiver = !process.env.BENCH_NO_DEAD;
const env = { ...benchEnv(port, simulatorPort), OUTBOUND_ALLOWLIST: '127.0.0.77' };
process.env.OUTBOUND_ALLOWLIST = env.OUTBOUND_ALLOWLIST;
await resetStores(env);

const arrivals: Array<{ at: number; latencyMs: number }> = [];
const seen = new Set<string>();
let deadHits = 0;
const heldSockets = new Set<Socket>();

function receiver(dead: boolean): Promise<{ server: Server; url: string }> {
  const server = createServer((req: IncomingMessage, res) => {
    if (dead) {
      deadHits += 1;
      heldSockets.add(req.socket);
      return;
    }
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const at = Date.now();
      const id = String(req.headers['webhook-id']);
      if (!seen.has(id)) {
        seen.add(id);
        arrivals.push({ at, latencyMs: at - Date.parse((JSON.parse(body) as { created_at: string }).created_at) });
      }
      res.writeHead(200).end('ok');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.77', () => resolve({ server, url: `http://127.0.0.77:${(server.address() as AddressInfo).port}/hook` })),
  );
}

const tenants: string[] = [];
const servers: Server[] = [];
const { db } = await createBenchTenant();
const { newId } = await import('../../server/db/ids');
const { generateWebhookSecret } = await import('../../server/webhooks/webhook-rules');
const { dispatchOutbox } = await import('../../server/outbox');
for (let i = 0; i < receivers; i++) {
  const { orgId } = await createBenchTenant();
  const { server, url } = await receiver(withDeadReceiver && i === receivers - 1);
  servers.push(server);
  tenants.push(orgId);
  await db.webhook.create({ data: { id: newId('webhook'), orgId, name: `receiver ${i + 1}`, url, events: ['message.delivered'], secret: generateWebhookSecret() } });
}

/** Writes `count` events with their fan-out jobs in one transaction, then hands the jobs over. */
async function publishBatch(first: number, count: number): Promise<void> {
  const createdAt = new Date();
  const events = Array.from({ length: count }, (_, i) => {
    const id = newId('event');
    const payload = { id, event: 'message.delivered', created_at: createdAt.toISOString(), message_id: `msg_bench_${first + i}` };
    return { id, orgId: tenants[(first + i) % receivers] as string, type: 'message.delivered', payload, createdAt };
  });
  const jobs = events.map((e) => ({ id: newId('outbox'), queue: 'webhooks', name: 'event.fan-out', data: { eventId: e.id }, jobId: `event.fan-out-${e.id}` }));
  await db.$transaction([db.event.createMany({ data: events }), db.outboxJob.createMany({ data: jobs })]);
  await dispatchOutbox({ ids: jobs.map((j) => j.id) });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const summary = (values: number[]) => `p50 ${percentile(values, 50)} ms, p99 ${percentile(values, 99)} ms (n=${values.length})`;

mkdirSync('/tmp/bench-webhooks-logs', { recursive: true });
const stack = startStack({ env, webPort: port, logDir: '/tmp/bench-webhooks-logs' });
try {
  await waitForHealthy(`http://127.0.0.1:${port}`);
  const healthyExpected = totalEvents - (withDeadReceiver ? Math.floor(totalEvents / receivers) : 0);
  console.log(`\n${totalEvents.toLocaleString('en')} events at ${eventsPerSec}/s to ${receivers} receivers (${withDeadReceiver ? 'one' : 'none'} dead); ${healthyExpected.toLocaleString('en')} healthy deliveries expected`);
  const batch = Math.max(1, Math.round(eventsPerSec / 10));
  const started = Date.now();
  for (let sent = 0; sent < totalEvents; sent += batch) {
    await publishBatch(sent, Math.min(batch, totalEvents - sent));
    const due = started + ((sent + batch) / eventsPerSec) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
  }
  const published = Date.now();
  console.log(`published in ${((published - started) / 1000).toFixed(1)} s (${Math.round(totalEvents / ((published - started) / 1000))} events/s)`);
  let last = -1;
  let stalledSince = Date.now();
  while (arrivals.length < healthyExpected && Date.now() - stalledSince < 60_000) {
    if (arrivals.length !== last) [last, stalledSince] = [arrivals.length, Date.now()];
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const first = Math.min(...arrivals.map((a) => a.at));
  const end = Math.max(...arrivals.map((a) => a.at));
  const deadTimeoutsFrom = started + 15_000;
  console.log(`healthy receivers: ${arrivals.length.toLocaleString('en')} of ${healthyExpected.toLocaleString('en')} delivered, ${Math.round(arrivals.length / ((end - first) / 1000))} deliveries/s`);
  console.log(`event-to-delivery, all:                        ${summary(arrivals.map((a) => a.latencyMs))}`);
  console.log(`  before the dead receiver's first timeout:    ${summary(arrivals.filter((a) => a.at < deadTimeoutsFrom).map((a) => a.latencyMs))}`);
  console.log(`  while its attempts time out (after 15 s):    ${summary(arrivals.filter((a) => a.at >= deadTimeoutsFrom).map((a) => a.latencyMs))}`);
  console.log(`dead receiver: ${deadHits.toLocaleString('en')} requests received, none answered`);
} finally {
  for (const socket of heldSockets) socket.destroy();
  servers.forEach((server) => server.close());
  await stack.stop();
  await db.$disconnect();
}
process.exit(0);
