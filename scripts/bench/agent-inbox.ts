import { startStack, waitForHealthy } from '../lib/stack';
import { agentBenchEnv, createAgentBenchTenant, createBenchTenant, resetStores } from './bench-setup';
import { apiCaller, benchPhones, percentile, unlimitedNumber } from './campaign-support';
import { cpuMs, ioRoundTrips } from './measure';

/**
 * `npm run bench:agent-inbox` (issue 19), against the production build (`npm run build` first),
 * with the web process, one worker, the platform simulator and the AI simulator answering at
 * once (so the provider's own time is nil and every millisecond measured is ours):
 * 1. The bot: 20 inbound messages/s (one every 50 ms) over 200 contacts for 60 s through the
 *    platform simulator's inbound webhook, coalescing off. For each message, the time from the simulator being asked
 *    to deliver it to the bot's reply being accepted (its message row): p50/p95 (target p95 ≤
 *    250 ms), and that every message got exactly one reply.
 * 2. Takeovers: 1,000 customers each get a slow AI answer (2 s of tokens); while it streams, a
 *    person replies through POST /v1/messages. Reports the time from the person's message being
 *    accepted to the run being cancelled (target p95 ≤ 100 ms), and counts bot messages written
 *    after a person's (target 0).
 * `BENCH_SECONDS`, `BENCH_RATE`, `BENCH_RACES` change the 60 s, the 20/s and the 1,000; `BENCH_PARTS=2` runs only that part.
 */
const port = 3480;
const simulatorPort = 4500;
const aiPort = 4510;
const env = agentBenchEnv(port, simulatorPort, aiPort);
await resetStores(env);

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const CONTACTS = 200;
/** `BENCH_BURST=1`: each second's messages all at its start, as earlier runs of this benchmark sent them. */
const BURST = process.env.BENCH_BURST === '1';
const RACES = Number(process.env.BENCH_RACES ?? 1000);
const parts = new Set((process.env.BENCH_PARTS ?? '1,2').split(',').map(Number));
const simulatorUrl = `http://127.0.0.1:${simulatorPort}`;

const tenant = await createBenchTenant();
const account = tenant.accounts[0]!;
await createAgentBenchTenant(
  'sim-bench-agent-inbox',
  { instructions: 'Benchmark.', model: { id: 'sim/steady' }, channels: { whatsapp: { accounts: [account.id], coalesce_ms: 0 } } },
  { orgId: tenant.orgId },
);
const { db } = tenant;
const messagesApi = apiCaller(`http://127.0.0.1:${port}`, tenant.key);

const stack = startStack({ env, webPort: port, logDir: '/tmp', aiSimulator: { port: aiPort, ttftMs: 0, tokenMs: 0 } });
await waitForHealthy(`http://127.0.0.1:${port}`);
console.log(await ioRoundTrips(env.DATABASE_URL, env.REDIS_URL));
await unlimitedNumber(simulatorUrl, account.phoneId);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function inbound(from: string, text: string): Promise<void> {
  const res = await fetch(`${simulatorUrl}/_sim/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_id: account.phoneId, from, text }),
  });
  if (!res.ok) throw new Error(`inbound answered ${res.status}: ${await res.text()}`);
}
const contactIdOf = async (phone: string) =>
  (await db.contact.findFirst({ where: { orgId: tenant.orgId, phoneNumber: phone }, select: { id: true } }))?.id;
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms`;
};

/** 1. 20 inbound messages a second over 200 contacts. */
async function botLatency() {
  const phones = benchPhones(CONTACTS, 5_000_000);
  // Warm up: each contact's first message makes its end user and session.
  for (let i = 0; i < phones.length; i += 20) await Promise.all(phones.slice(i, i + 20).map((phone) => inbound(phone, 'hello')));
  // Measured from an idle stack: every warm-up message answered (its backlog would otherwise count against the first seconds).
  const answered = () => db.message.count({ where: { orgId: tenant.orgId, direction: 'outgoing', authorType: 'bot' } });
  for (let waited = 0; waited < 120_000 && (await answered()) < phones.length; waited += 500) await sleep(500);
  await sleep(3_000);
  const sentAt: Array<{ phone: string; at: number; text: string }> = [];
  const names = ['web', 'worker', 'simulator', 'ai-simulator'];
  const cpuBefore = names.map((name) => cpuMs(stack.pid(name)));
  for (let second = 0; second < SECONDS; second++) {
    const tick = Date.now();
    // Spread over the second, as customers' messages arrive (not RATE at the same instant).
    await Promise.all(
      Array.from({ length: RATE }, async (_, k) => {
        if (!BURST) await sleep((k * 1000) / RATE);
        const n = second * RATE + k;
        const phone = phones[n % CONTACTS]!;
        const text = `question ${n} [[sim:tokens=8]]`;
        sentAt.push({ phone, at: Date.now(), text });
        await inbound(phone, text);
      }),
    );
    await sleep(Math.max(0, tick + 1_000 - Date.now()));
  }
  await sleep(10_000);
  const cpuPerMessage = names.map((name, i) => `${name} ${((cpuMs(stack.pid(name)) - cpuBefore[i]!) / sentAt.length).toFixed(1)} ms`);
  const latencies: number[] = [];
  let missing = 0;
  let doubled = 0;
  for (const sent of sentAt) {
    const message = await db.message.findFirst({
      where: { orgId: tenant.orgId, direction: 'incoming', content: sent.text },
      select: { id: true },
    });
    const run = message && (await db.agentRun.findFirst({ where: { input: sent.text }, select: { id: true } }));
    const replies = run ? await db.message.findMany({ where: { authorRunId: run.id }, select: { createdAt: true } }) : [];
    if (replies.length === 0) missing += 1;
    if (replies.length > 1) doubled += 1;
    if (replies[0]) latencies.push(replies[0].createdAt.getTime() - sent.at);
  }
  console.log(
    `\n1. ${sentAt.length} inbound messages at ${RATE}/s over ${CONTACTS} contacts, the AI answering at once:\n` +
      `   inbound to reply accepted: ${stats(latencies)} (target p95 <= 250 ms)\n` +
      `   replies: ${latencies.length}, missing ${missing}, more than one ${doubled}\n` +
      `   CPU per inbound message (its reply, the reply's status webhooks and everything they set off): ${cpuPerMessage.join(', ')}`,
  );
}

/** 2. A person replies while the AI is answering: the run is cancelled, and no bot message follows. */
async function takeovers() {
  const phones = benchPhones(RACES, 6_000_000);
  const cancelMs: number[] = [];
  let notCancelled = 0;
  let botAfterHuman = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: 25 }, async () => {
      while (next < phones.length) {
        const phone = phones[next++]!;
        await inbound(phone, 'Tell me everything [[sim:tokens=100]] [[sim:token_ms=20]]');
        let contactId: string | undefined;
        let runId: string | undefined;
        for (let waited = 0; waited < 20_000 && !runId; waited += 20) {
          await sleep(20);
          contactId ??= await contactIdOf(phone);
          if (!contactId) continue;
          const run = await db.agentRun.findFirst({
            where: { session: { externalId: `wa:${contactId}` }, status: 'in_progress', startedAt: { not: null } },
            select: { id: true },
          });
          runId = run?.id;
        }
        if (!runId || !contactId) throw new Error(`no run started for ${phone}`);
        await sleep(100 + Math.random() * 300);
        const human = await messagesApi('POST', '/messages', { to: phone, type: 'text', text: { body: 'Hi, a person here.' } });
        const accepted = await db.message.findUniqueOrThrow({ where: { id: human.id }, select: { createdAt: true } });
        let ended: { status: string; completedAt: Date | null } | null = null;
        for (let waited = 0; waited < 10_000; waited += 10) {
          ended = await db.agentRun.findUnique({ where: { id: runId }, select: { status: true, completedAt: true } });
          if (ended?.completedAt) break;
          await sleep(10);
        }
        if (ended?.status === 'cancelled' && ended.completedAt) cancelMs.push(ended.completedAt.getTime() - accepted.createdAt.getTime());
        else notCancelled += 1;
        await sleep(2_500);
        botAfterHuman += await db.message.count({
          where: { contactId, direction: 'outgoing', authorType: 'bot', createdAt: { gt: accepted.createdAt } },
        });
      }
    }),
  );
  console.log(
    `\n2. ${RACES} takeovers while the AI answered:\n   person's message accepted to run cancelled: ${stats(cancelMs)} (target p95 <= 100 ms)\n` +
      `   runs not cancelled ${notCancelled}; bot messages after a person's: ${botAfterHuman} (target 0)`,
  );
}

try {
  if (parts.has(1)) await botLatency();
  if (parts.has(2)) await takeovers();
} finally {
  await stack.stop();
  await db.$disconnect();
}
