import { startStack, waitForHealthy } from '../lib/stack';
import { agentBenchEnv, createAgentBenchTenant, resetStores } from './bench-setup';
import {
  expectedReply,
  percentile,
  pool,
  readStream,
  straightToSimulator,
  streamedInput,
  configureSimulator,
  waitForSimulator,
} from './agent-streams';
import { cpuMs, ioRoundTrips, machineBusyMs } from './measure';

/**
 * `npm run bench:agent-runs` (issue 18), against the production build (`npm run build` first),
 * with the web process, one worker and the AI simulator:
 * 1. Throughput: 1,000 sessions × 5 messages sent at once (queued behind each other), the
 *    simulator answering at once. Reports completed runs/s (target ≥ 150) and checks that none
 *    was lost or run twice and that every session's runs ran strictly in order.
 * 2. Streaming: 200 runs streamed at once at 200 ms to the first token (40 tokens 10 ms apart),
 *    interleaved with the same request straight to the simulator. Reports the time to first
 *    token a session message adds (target p95 ≤ 80 ms); 10 % of the streams are cut after a few
 *    deltas and resumed with Last-Event-ID, and every reply must arrive whole and once.
 * 3. Client tools: 50 runs at once pause for a client tool; the time from POST tool_outputs to
 *    the resumed run's first delta, beyond the simulator's own 200 ms (target p95 ≤ 50 ms).
 * `BENCH_SESSIONS`, `BENCH_STREAMS` change the 1,000 and the 200, `BENCH_TOKENS`, `BENCH_TOKEN_MS` part 2's replies; `BENCH_PARTS=2,3` runs only those parts.
 */
const port = 3470;
const aiPort = 4490;
const env = agentBenchEnv(port, 4480, aiPort);
await resetStores(env);

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 1000);
const MESSAGES_PER_SESSION = 5;
const STREAMS = Number(process.env.BENCH_STREAMS ?? 200);
/** A streamed reply: `BENCH_TOKENS` tokens `BENCH_TOKEN_MS` apart (40 and 10: a 0.6 s stream, so 200 at once arrive at 333 a second). */
const TOKENS = Number(process.env.BENCH_TOKENS ?? 40);
const TOKEN_MS = Number(process.env.BENCH_TOKEN_MS ?? 10);
const simKey = 'sim-bench-agent-runs';
const base = `http://127.0.0.1:${port}/agent`;

const { projectId, key } = await createAgentBenchTenant(simKey, {
  instructions: 'Benchmark.',
  model: { id: 'sim/steady' },
  tools: { client: [{ name: 'get_location', description: 'Where the customer is' }] },
  concurrency_default: 'queue',
});
const { db } = await import('../../server/db');

const stack = startStack({ env, webPort: port, logDir: '/tmp', aiSimulator: { port: aiPort, ttftMs: 0, tokenMs: 0 } });

const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
async function call(path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, any>;
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}
const cpuOf = () => ({
  web: cpuMs(stack.pid('web')),
  worker: cpuMs(stack.pid('worker')),
  ai: cpuMs(stack.pid('ai-simulator')),
  /** This benchmark's own client: it shares the two cores with what it measures. */
  bench: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  machine: machineBusyMs(),
});

/** 1. 1,000 sessions × 5 queued messages. */
async function throughput() {
  const sessions: string[] = [];
  await pool(
    Array.from({ length: SESSIONS }, (_, i) => i),
    50,
    async (i) => {
      sessions.push((await call('/v1/sessions', { agent: 'bench', external_id: `bench-${i}` })).id as string);
    },
  );
  const started = performance.now();
  const cpuBefore = cpuOf();
  await pool(sessions, 100, async (session) => {
    for (let m = 1; m <= MESSAGES_PER_SESSION; m++) await call(`/v1/sessions/${session}/messages`, { input: `message ${m} [[sim:tokens=5]]` });
  });
  const accepted = performance.now() - started;
  const total = SESSIONS * MESSAGES_PER_SESSION;
  let done = 0;
  while (done < total) {
    await new Promise((r) => setTimeout(r, 200));
    done = await db.agentRun.count({ where: { projectId, status: { in: ['completed', 'failed', 'cancelled'] } } });
    if (performance.now() - started > 600_000) throw new Error(`only ${done} of ${total} runs ended in 10 minutes`);
  }
  const elapsedS = (performance.now() - started) / 1000;
  const cpuAfter = cpuOf();
  const runs = await db.agentRun.findMany({ where: { projectId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  const replies = await db.agentMessage.count({ where: { projectId, role: 'assistant' } });
  const completed = runs.filter((r) => r.status === 'completed').length;
  let outOfOrder = 0;
  const bySession = new Map<string, typeof runs>();
  for (const run of runs) bySession.set(run.sessionId!, [...(bySession.get(run.sessionId!) ?? []), run]);
  for (const list of bySession.values()) {
    for (let i = 1; i < list.length; i++) if (list[i]!.startedAt! < list[i - 1]!.completedAt!) outOfOrder += 1;
  }
  console.log(
    `\n1. ${total} messages over ${SESSIONS} sessions: accepted in ${(accepted / 1000).toFixed(1)} s; all runs ended in ${elapsedS.toFixed(1)} s = ` +
      `${(total / elapsedS).toFixed(0)} completed runs/s (target >= 150)\n   runs ${runs.length} (expected ${total}), completed ${completed}, ` +
      `replies ${replies} (none lost, none doubled: ${runs.length === total && replies === total && completed === total ? 'yes' : 'NO'}), ` +
      `out of order ${outOfOrder}\n   CPU per run: web ${((cpuAfter.web - cpuBefore.web) / total).toFixed(1)} ms, worker ` +
      `${((cpuAfter.worker - cpuBefore.worker) / total).toFixed(1)} ms, simulator ${((cpuAfter.ai - cpuBefore.ai) / total).toFixed(1)} ms`,
  );
}

interface Timing {
  firstTokenMs: number;
  text: string;
  cut: boolean;
  /** Until the response's headers: for a session message, the time to accept it. */
  headersMs?: number;
}

const expected = expectedReply(TOKENS);

async function streamedRun(session: string, cut: boolean): Promise<Timing> {
  const started = performance.now();
  const response = await fetch(`${base}/v1/sessions/${session}/messages`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ input: streamedInput(TOKENS), stream: true }),
  });
  const headersMs = performance.now() - started;
  const part = await readStream(response, started, cut ? 5 : undefined);
  if (!part.cut) return { firstTokenMs: part.first, text: part.text, cut: false, headersMs };
  // Resumed where the cut stream's last event was, as a browser reconnecting would.
  const runId = (await call(`/v1/sessions/${session}/runs?limit=1`)).data[0].id as string;
  const rest = await fetch(`${base}/v1/runs/${runId}/events`, { headers: { ...headers, 'last-event-id': part.lastId } });
  const tail = await readStream(rest, performance.now());
  return { firstTokenMs: part.first, text: part.text + tail.text, cut: true, headersMs };
}

async function straightRun(): Promise<Timing> {
  const part = await straightToSimulator(aiPort, simKey, TOKENS);
  return { firstTokenMs: part.first, text: part.text, cut: false };
}

/** 2. STREAMS streamed runs at once, beside as many straight streams, 10 % cut and resumed. */
async function streaming() {
  await configureSimulator(aiPort, { ttft_ms: 200, token_ms: TOKEN_MS });
  const sessions: string[] = [];
  await pool(
    Array.from({ length: STREAMS }, (_, i) => i),
    50,
    async (i) => {
      sessions.push((await call('/v1/sessions', { agent: 'bench', external_id: `stream-${i}` })).id as string);
    },
  );
  // Warm both paths first (a cold web process compiles the route on its first requests).
  for (const session of sessions.slice(0, 10)) await Promise.all([streamedRun(session, false), straightRun()]);
  const streamMs = 200 + TOKENS * TOKEN_MS;
  const runs: Timing[] = [];
  const straight: Timing[] = [];
  const cpuBefore = cpuOf();
  const burstStarted = performance.now();
  await Promise.all(
    sessions.map(async (session, index) => {
      await new Promise((r) => setTimeout(r, (index * streamMs) / STREAMS));
      const [run, direct] = await Promise.all([streamedRun(session, index % 10 === 0), straightRun()]);
      runs.push(run);
      straight.push(direct);
    }),
  );
  const burstS = (performance.now() - burstStarted) / 1000;
  const cpuAfter = cpuOf();
  const cpuUsed = (name: 'web' | 'worker' | 'ai' | 'bench' | 'machine') => ((cpuAfter[name] - cpuBefore[name]) / 1000).toFixed(2);
  const added =
    percentile(
      runs.map((t) => t.firstTokenMs),
      95,
    ) -
    percentile(
      straight.map((t) => t.firstTokenMs),
      95,
    );
  const broken = runs.filter((t) => t.text !== expected).length;
  console.log(
    `\n2. ${runs.length} streamed runs at once (${TOKENS} tokens ${TOKEN_MS} ms apart; started over ${streamMs} ms, ${((STREAMS * 1000) / streamMs).toFixed(0)} a second): first token p50 ${percentile(
      runs.map((t) => t.firstTokenMs),
      50,
    ).toFixed(0)} ms, ` +
      `p95 ${percentile(
        runs.map((t) => t.firstTokenMs),
        95,
      ).toFixed(0)} ms; straight to the simulator p50 ` +
      `${percentile(
        straight.map((t) => t.firstTokenMs),
        50,
      ).toFixed(0)} ms, p95 ${percentile(
        straight.map((t) => t.firstTokenMs),
        95,
      ).toFixed(0)} ms\n` +
      `   added first token p95 ${added.toFixed(1)} ms (target <= 80); ${runs.filter((t) => t.cut).length} cut and resumed; ` +
      `${broken} replies not whole or not once (target 0)\n   accepted (response headers) p50 ` +
      `${percentile(
        runs.map((t) => t.headersMs!),
        50,
      ).toFixed(0)} ms, p95 ${percentile(
        runs.map((t) => t.headersMs!),
        95,
      ).toFixed(0)} ms\n   CPU over the ${burstS.toFixed(1)} s the streams took: web ${cpuUsed('web')} s, worker ${cpuUsed('worker')} s, ` +
      `AI simulator ${cpuUsed('ai')} s, this benchmark's client ${cpuUsed('bench')} s; the machine busy ${cpuUsed('machine')} s of ${(2 * burstS).toFixed(1)} s`,
  );
}

/** 3. Client tool round trips: POST tool_outputs → the resumed run's first delta. */
async function toolRoundTrips() {
  await configureSimulator(aiPort, { ttft_ms: 200, token_ms: 10 });
  const count = 55;
  const sessions: string[] = [];
  await pool(
    Array.from({ length: count }, (_, i) => i),
    25,
    async (i) => {
      sessions.push((await call('/v1/sessions', { agent: 'bench', external_id: `tool-${i}` })).id as string);
    },
  );
  const roundTrip = async (session: string) => {
    const paused = await call(`/v1/sessions/${session}/messages`, { input: '#call get_location {}', wait_ms: 30_000 });
    const run = paused.run as { id: string; status: string; required_action: { tool_calls: Array<{ call_id: string }> } };
    if (run.status !== 'requires_action') throw new Error(`run ${run.id} is ${run.status}`);
    const started = performance.now();
    const resume = fetch(`${base}/v1/runs/${run.id}/tool_outputs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ tool_outputs: [{ call_id: run.required_action.tool_calls[0]!.call_id, output: 'Dubai Marina' }], stream: true }),
    });
    // The same second model call made straight to the simulator at the same moment, under the same load.
    const [resumed, straight] = await Promise.all([resume.then((response) => readStream(response, started)), straightRun()]);
    return { roundTrip: resumed.first, direct: straight.firstTokenMs };
  };
  for (const session of sessions.slice(0, 5)) await roundTrip(session); // warm-up
  const roundTrips: number[] = [];
  const direct: number[] = [];
  await Promise.all(
    sessions.slice(5).map(async (session, index) => {
      await new Promise((r) => setTimeout(r, index * 10));
      const measured = await roundTrip(session);
      roundTrips.push(measured.roundTrip);
      direct.push(measured.direct);
    }),
  );
  console.log(
    `\n3. ${roundTrips.length} client tool round trips: tool_outputs to first delta p50 ${percentile(roundTrips, 50).toFixed(0)} ms, ` +
      `p95 ${percentile(roundTrips, 95).toFixed(0)} ms; the simulator's own p95 ${percentile(direct, 95).toFixed(0)} ms; ` +
      `added p95 ${(percentile(roundTrips, 95) - percentile(direct, 95)).toFixed(1)} ms (target <= 50)`,
  );
}

try {
  await waitForHealthy(`http://127.0.0.1:${port}`);
  await waitForSimulator(aiPort, { ttft_ms: 0, token_ms: 0 });
  console.log(await ioRoundTrips(env.DATABASE_URL, env.REDIS_URL));
  const parts = (process.env.BENCH_PARTS ?? '1,2,3').split(',');
  if (parts.includes('1')) await throughput();
  if (parts.includes('2')) await streaming();
  if (parts.includes('3')) await toolRoundTrips();
} finally {
  await db.$disconnect();
  await stack.stop();
}
