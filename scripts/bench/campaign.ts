import { mkdirSync, readFileSync } from 'node:fs';
import { startStack, waitForHealthy } from '../lib/stack';
import { benchEnv, createBenchTemplate, createBenchTenant, resetStores } from './bench-setup';
import { apiCaller, benchPhones, percentile, simulatorStats, unlimitedNumber } from './campaign-support';

/**
 * `npm run bench:campaign` (production build first: `npm run build`, or both with the same
 * NEXT_DIST_DIR), one run reporting: 100,000 recipients added in 100 calls of 1,000 (target < 20 s
 * in total), then the campaign run against the simulator at 1,000 messages/s with an unlimited
 * tier (target: completed < 150 s), every recipient sent exactly once (counted at the
 * simulator), the campaign's final counters against its recipients, and the worker's peak RSS.
 */
const port = 3450;
const simulatorPort = 4450;
const base = `http://127.0.0.1:${port}`;
const simulatorUrl = `http://127.0.0.1:${simulatorPort}`;
const calls = Number(process.env.BENCH_RECIPIENT_CALLS ?? 100);
const perCall = 1_000;
const env = benchEnv(port, simulatorPort);
await resetStores(env);

const { db, orgId, accounts, key } = await createBenchTenant({ throughputPerSec: 1000 });
const main = accounts[0] as { id: string; phoneId: string };
await createBenchTemplate(orgId, main.id, 'promo_offer');

mkdirSync('/tmp/bench-campaign-logs', { recursive: true });
const stack = startStack({ env, webPort: port, logDir: '/tmp/bench-campaign-logs' });
const api = apiCaller(base, key);
try {
  await waitForHealthy(base);
  await unlimitedNumber(simulatorUrl, main.phoneId);
  const campaign = await api('POST', '/campaigns', { name: 'Bench', template: 'promo_offer' });
  const phones = benchPhones(calls * perCall);

  console.log(`\n1. Adding ${phones.length} recipients in ${calls} calls of ${perCall}`);
  const latencies: number[] = [];
  const addStarted = Date.now();
  for (let i = 0; i < calls; i++) {
    const recipients = phones.slice(i * perCall, (i + 1) * perCall).map((to, j) => ({ to, parameters: { '1': `Guest ${j}`, '2': '20%' } }));
    const started = performance.now();
    await api('POST', `/campaigns/${campaign.id}/recipients`, { recipients });
    latencies.push(performance.now() - started);
  }
  const addSeconds = (Date.now() - addStarted) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `added in ${addSeconds.toFixed(1)} s (target < 20 s); per call p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`,
  );

  console.log('\n2. Running the campaign');
  const before = await simulatorStats(simulatorUrl);
  const workerPid = stack.pid('worker');
  let peakRss = rssOf(workerPid);
  const rssAtStart = peakRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(workerPid))), 250);
  const started = Date.now();
  const start = await api('POST', `/campaigns/${campaign.id}/start`, { send_mode: 'spread' });
  console.log(`start answered in ${Date.now() - started} ms: ${JSON.stringify(start)}`);
  let final: any;
  let lastReport = started;
  for (;;) {
    final = await api('GET', `/campaigns/${campaign.id}`);
    if (final.status !== 'processing') break;
    if (Date.now() - started > 900_000) throw new Error('the campaign did not complete in 15 minutes');
    if (Date.now() - lastReport >= 10_000) {
      lastReport = Date.now();
      console.log(
        `  ${((lastReport - started) / 1000).toFixed(0)} s: ${JSON.stringify(final.recipients)}, worker RSS ${(rssOf(workerPid) / 1024).toFixed(0)} MB`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (Date.now() - started) / 1000;
  const after = await simulatorStats(simulatorUrl);
  console.log(`${final.status} in ${seconds.toFixed(1)} s (target < 150 s): ${(phones.length / seconds).toFixed(0)} sent/s`);
  console.log(
    `at the simulator: ${after.distinct_callbacks - before.distinct_callbacks} distinct messages accepted, ${after.accepted_total - before.accepted_total} accepted in all, ${after.duplicated_callbacks} sent twice`,
  );
  console.log(`final counters: ${JSON.stringify(final.recipients)}`);

  console.log('\nwaiting for the delivered and read statuses to settle...');
  const settleStarted = Date.now();
  while (Date.now() - settleStarted < 300_000 && (await api('GET', `/campaigns/${campaign.id}`)).recipients.read < final.recipients.sent) {
    await new Promise((r) => setTimeout(r, 1_000));
  }
  clearInterval(sampler);
  const settled = await api('GET', `/campaigns/${campaign.id}`);
  const byStatus = await db.campaignRecipient.groupBy({ by: ['status'], where: { campaignId: campaign.id }, _count: true });
  const messages = await db.message.count({ where: { campaignRecipient: { campaignId: campaign.id } } });
  console.log(`settled ${((Date.now() - settleStarted) / 1000).toFixed(1)} s later: ${JSON.stringify(settled.recipients)}`);
  console.log(`recipients by status: ${byStatus.map((row) => `${row.status} ${row._count}`).join(', ')}; ${messages} messages`);
  console.log(
    `worker RSS ${(rssAtStart / 1024).toFixed(0)} MB at start, peak ${(peakRss / 1024).toFixed(0)} MB, ${(rssOf(workerPid) / 1024).toFixed(0)} MB at the end`,
  );
} finally {
  await stack.stop();
  await db.$disconnect();
}

function rssOf(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0; // the worker has exited
  }
}
