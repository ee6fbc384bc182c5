import { mkdirSync, readFileSync } from 'node:fs';
import { startStack, waitForHealthy } from '../lib/stack';
import { benchEnv, createBenchTemplate, createBenchTenant, resetStores } from './bench-setup';
import { measure } from './measure';

/**
 * `npm run bench:send` (production build first: `npm run build`), one run reporting:
 * 1. accepted sends/s and p50/p99 of POST /v1/messages (text to open-window contacts, 50
 *    connections, 30 s) beside the liveness route's requests/s. Target: >= 60 %, p99 < 150 ms.
 *    This measures the API tier: the `messages` queue is paused meanwhile, so the worker does
 *    not send and compete for this machine's two cores (in production it runs on other hosts);
 *    its outbox relay still hands the accepted jobs to the paused queue. They are dropped afterwards.
 * 2. pipeline capacity: 20,000 template messages to distinct recipients accepted (queue
 *    paused), then the time from resuming the queue until all are `sent` through worker and
 *    simulator, the number at 1,000/s.
 *    Target: 1,000 sent/s, none lost, none sent twice (counted at the simulator), worker peak RSS.
 * BENCH_SEND_PARTS=1 or =2 runs one part only.
 */
const port = 3400;
const simulatorPort = 4400;
const base = `http://127.0.0.1:${port}`;
const simulatorUrl = `http://127.0.0.1:${simulatorPort}`;
const pipelineMessages = Number(process.env.BENCH_PIPELINE_MESSAGES ?? 20_000);
const parts = process.env.BENCH_SEND_PARTS ?? '12';
const env = benchEnv(port, simulatorPort);
await resetStores(env);

const { db, orgId, accounts, key } = await createBenchTenant({ throughputPerSec: 1000 });
const main = accounts[0] as { id: string; phoneId: string };
const { newId } = await import('../../server/db/ids');
const { getQueue } = await import('../../server/queues');
const sendQueue = getQueue('messages');
await createBenchTemplate(orgId, main.id, 'order_update');
// Contacts whose 24-hour window is open, for the free-text part.
const openWindow = Array.from({ length: 2000 }, (_, i) => ({
  id: newId('contact'),
  orgId,
  accountId: main.id,
  phoneNumber: `+1555${String(3000000 + i)}`,
  lastInboundAt: new Date(),
}));
await db.contact.createMany({ data: openWindow });

mkdirSync('/tmp/bench-send-logs', { recursive: true });
const stack = startStack({ env, webPort: port, logDir: '/tmp/bench-send-logs' });
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
try {
  await waitForHealthy(base);
  await fetch(`${simulatorUrl}/_sim/phone-numbers/${main.phoneId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ throughput_level: 'HIGH', messaging_limit_tier: 'TIER_UNLIMITED' }),
  });

  await sendQueue.pause();
  if (parts.includes('1')) await acceptingSends();
  if (parts.includes('2')) await pipeline();
} finally {
  await stack.stop();
  await sendQueue.close();
  await db.$disconnect();
}

async function acceptingSends(): Promise<void> {
  console.log('\n1. Accepting sends');
  const webPid = stack.pid('web');
  const live = await measure('GET /api/health/live', { url: `${base}/api/health/live` }, 30, webPid);
  let n = 0;
  const accept = await measure(
    'POST /v1/messages',
    {
      url: `${base}/v1/messages`,
      method: 'POST',
      headers,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ contact_id: openWindow[n++ % openWindow.length]!.id, type: 'text', text: { body: `Bench ${n}` } }),
          }),
        },
      ],
    },
    30,
    webPid,
  );
  console.log(
    `accepted sends/s: ${((accept.requests.average / live.requests.average) * 100).toFixed(1)} % of liveness (target >= 60 %), p99 ${accept.latency.p99} ms (target < 150 ms), web CPU/send ${(accept.cpuPerRequest! / live.cpuPerRequest!).toFixed(2)}x liveness's`,
  );

  await sendQueue.drain();
  await db.message.deleteMany({ where: { orgId } });
  await db.outboxJob.deleteMany({ where: { queue: 'messages' } });
  // Part 2 starts from tables as a run of its own would find them: part 1 leaves tens of
  // thousands of dead rows, whose vacuuming would otherwise land in part 2's measurement.
  await db.$executeRawUnsafe('VACUUM ANALYZE messages, contacts, outbox_jobs');
}

async function pipeline(): Promise<void> {
  console.log(`\n2. Pipeline: ${pipelineMessages} template messages to distinct recipients`);
  const before = await simulatorStats();
  const workerPid = stack.pid('worker');
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(workerPid))), 250);
  let i = 0;
  const acceptStarted = Date.now();
  await measure(
    'POST /v1/messages',
    {
      url: `${base}/v1/messages`,
      method: 'POST',
      headers,
      amount: pipelineMessages,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              to: `+1555${String(5000000 + i++)}`,
              type: 'template',
              template: { name: 'order_update', parameters: { customer_name: 'Bench', order_id: String(i) } },
            }),
          }),
        },
      ],
    },
    0,
  );
  const accepted = Date.now();
  console.log('resuming the queue');
  await sendQueue.resume();
  // An existence check, not a count: the poll must not load the database it measures.
  await waitUntil(async () => !(await db.message.findFirst({ where: { orgId, status: 'pending' }, select: { id: true } })), 900_000);
  const done = Date.now();
  clearInterval(sampler);
  const after = await simulatorStats();
  const sent = await db.message.count({ where: { orgId, type: 'template', status: { in: ['sent', 'delivered', 'read'] } } });
  const seconds = (done - accepted) / 1000;
  console.log(`accepted ${pipelineMessages} in ${((accepted - acceptStarted) / 1000).toFixed(1)} s`);
  console.log(`all sent ${seconds.toFixed(1)} s after the queue was resumed: ${(pipelineMessages / seconds).toFixed(0)} sent/s (target 1,000)`);
  console.log(
    `at the simulator: ${after.distinct_callbacks - before.distinct_callbacks} distinct messages accepted, ${after.duplicated_callbacks} sent twice; ${sent} sent in the database`,
  );
  console.log(`worker peak RSS ${(peakRss / 1024).toFixed(0)} MB`);
}

async function simulatorStats(): Promise<{ accepted_total: number; distinct_callbacks: number; duplicated_callbacks: number }> {
  return (await fetch(`${simulatorUrl}/_sim/stats`)).json();
}

function rssOf(pid: number | undefined): number {
  if (!pid) return 0;
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : 0;
}

async function waitUntil(done: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}
process.exit(0);
