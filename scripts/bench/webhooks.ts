import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { mkdirSync } from 'node:fs';
import { startStack, waitForHealthy } from '../lib/stack';
import { benchEnv, createBenchTenant, resetStores } from './bench-setup';

/**
 * `npm run bench:webhooks` (production build first: `npm run build`): 100,000 events, spread
 * round-robin over 10 tenants that each have one webhook to its own receiver on 127.0.0.77;
 * receiver 10 never answers, so each attempt there ends at the 15 s delivery timeout (the
 * worker does not let it be injected). Events are published at BENCH_EVENTS_PER_SEC, a tenth
 * of a second's worth per transaction: through publishEvents (one fan-out job per batch, as a
 * bulk status update publishes them) or, with BENCH_FAN_OUT_PER_EVENT=1, as publishEvent
 * writes them (one fan-out job per event); the worker's outbox relay hands them over, as in
 * the product. A warm-up (BENCH_WARMUP_EVENTS, a
 * second's worth by default) goes first and is reported apart. Reported: deliveries/s to the
 * healthy receivers and p50/p99 event-to-delivery (arrival minus the event's created_at), also
 * split before and after the dead receiver starts timing out, to show it slows no one else.
 */
const port = 3820;
const simulatorPort = 4820;
const totalEvents = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 100_000);
const eventsPerSec = Number(process.env.BENCH_EVENTS_PER_SEC ?? 1_200);
const receivers = 10;
// BENCH_NO_DEAD=1 answers on receiver 10 too: the control run to compare the figures with.
const withDeadReceiver = !process.env.BENCH_NO_DEAD;
const fanOutPerEvent = Boolean(process.env.BENCH_FAN_OUT_PER_EVENT);
// A fresh stack's first second is slow (connections opening, code not yet optimised): a second's
// worth of events to the healthy receivers warms it up first, reported apart (0 skips it).
const warmupEvents = Number(process.env.BENCH_WARMUP_EVENTS ?? eventsPerSec);
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
const { publishEvents } = await import('../../server/webhook-events/publish-event');
for (let i = 0; i < receivers; i++) {
  const { orgId } = await createBenchTenant();
  const { server, url } = await receiver(withDeadReceiver && i === receivers - 1);
  servers.push(server);
  tenants.push(orgId);
  await db.webhook.create({
    data: { id: newId('webhook'), orgId, name: `receiver ${i + 1}`, url, events: ['message.delivered'], secret: generateWebhookSecret() },
  });
}

/** Publishes `count` events at BENCH_EVENTS_PER_SEC, round-robin over `orgs`. */
async function publishAtRate(count: number, orgs: string[]): Promise<void> {
  const batch = Math.max(1, Math.round(eventsPerSec / 10));
  const started = Date.now();
  for (let sent = 0; sent < count; sent += batch) {
    await publishBatch(orgs, sent, Math.min(batch, count - sent));
    const due = started + ((sent + batch) / eventsPerSec) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
  }
}

/** Publishes `count` events with their fan-out job(s) in one transaction; the worker's outbox relay hands the jobs over. */
async function publishBatch(orgs: string[], first: number, count: number): Promise<void> {
  const events = Array.from({ length: count }, (_, i) => ({
    orgId: orgs[(first + i) % orgs.length] as string,
    event: 'message.delivered' as const,
    subject: { message_id: `msg_bench_${first + i}` },
  }));
  if (fanOutPerEvent) await writeOneJobPerEvent(events);
  else await db.$transaction((tx) => publishEvents(tx, events));
}

/**
 * What publishEvent writes for each event (the event and its own fan-out job), for a batch in
 * two statements: calling publishEvent once per event would make the injector the bottleneck.
 */
async function writeOneJobPerEvent(events: Array<{ orgId: string; event: string; subject: object }>): Promise<void> {
  const createdAt = new Date();
  const rows = events.map(({ orgId, event, subject }) => {
    const id = newId('event');
    return { id, orgId, type: event, payload: { id, event, created_at: createdAt.toISOString(), ...subject }, createdAt };
  });
  const jobs = rows.map((e) => ({
    id: newId('outbox'),
    queue: 'webhook-fan-out',
    name: 'events.fan-out',
    data: { eventIds: [e.id] },
    jobId: `events.fan-out-${e.id}`,
  }));
  await db.$transaction([db.event.createMany({ data: rows }), db.outboxJob.createMany({ data: jobs })]);
}

/** Waits until `expected` healthy deliveries have arrived, or none has for a minute. */
async function waitForArrivals(expected: number): Promise<void> {
  let last = -1;
  let stalledSince = Date.now();
  while (arrivals.length < expected && Date.now() - stalledSince < 60_000) {
    if (arrivals.length !== last) [last, stalledSince] = [arrivals.length, Date.now()];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
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
  console.log(
    `\n${totalEvents.toLocaleString('en')} events at ${eventsPerSec}/s to ${receivers} receivers (${withDeadReceiver ? 'one' : 'none'} dead), ${fanOutPerEvent ? 'one fan-out job per event' : 'one fan-out job per batch'}; ${healthyExpected.toLocaleString('en')} healthy deliveries expected`,
  );
  if (warmupEvents > 0) {
    await publishAtRate(warmupEvents, withDeadReceiver ? tenants.slice(0, -1) : tenants);
    await waitForArrivals(warmupEvents);
    console.log(
      `warm-up: ${warmupEvents.toLocaleString('en')} events to the healthy receivers, ${summary(arrivals.map((a) => a.latencyMs))}; not counted below`,
    );
    arrivals.length = 0;
  }
  const started = Date.now();
  await publishAtRate(totalEvents, tenants);
  const published = Date.now();
  console.log(
    `published in ${((published - started) / 1000).toFixed(1)} s (${Math.round(totalEvents / ((published - started) / 1000))} events/s)`,
  );
  await waitForArrivals(healthyExpected);
  const first = Math.min(...arrivals.map((a) => a.at));
  const end = Math.max(...arrivals.map((a) => a.at));
  const deadTimeoutsFrom = started + 15_000;
  console.log(
    `healthy receivers: ${arrivals.length.toLocaleString('en')} of ${healthyExpected.toLocaleString('en')} delivered, ${Math.round(arrivals.length / ((end - first) / 1000))} deliveries/s`,
  );
  console.log(`event-to-delivery, all:                        ${summary(arrivals.map((a) => a.latencyMs))}`);
  console.log(
    `  before the dead receiver's first timeout:    ${summary(arrivals.filter((a) => a.at < deadTimeoutsFrom).map((a) => a.latencyMs))}`,
  );
  console.log(
    `  while its attempts time out (after 15 s):    ${summary(arrivals.filter((a) => a.at >= deadTimeoutsFrom).map((a) => a.latencyMs))}`,
  );
  console.log(`dead receiver: ${deadHits.toLocaleString('en')} requests received, none answered`);
} finally {
  for (const socket of heldSockets) socket.destroy();
  servers.forEach((server) => server.close());
  await stack.stop();
  await db.$disconnect();
}
process.exit(0);
