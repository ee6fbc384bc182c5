import { spawn } from 'node:child_process';
import { createParser } from 'eventsource-parser';
import { webProcessArgs } from '../lib/stack';
import { postToSimulator } from './agent-streams';
import { agentBenchEnv, createAgentBenchTenant, resetStores } from './bench-setup';
import { cpuMs, measure, waitForLive } from './measure';

/**
 * `npm run bench:agent-core` (issue 17), against the production build (`npm run build` first):
 * 1. `GET /agent/v1/models` with a secret key versus the liveness route, requests/s in one run
 *    (target ≥ 0.85×).
 * 2. Streamed `ask` versus the same request sent straight to the AI simulator, in the same
 *    run under the same load: 50 asks streaming at once (see `interleaved`), 200 ms to the
 *    first token, 40 tokens 10 ms apart. `BENCH_ASKS_AT_ONCE` changes the 50. Also prints the
 *    web and simulator processes' CPU time per stream. Reports the time to first token and the
 *    gaps between tokens of both, the time ask adds (targets: first token p50 ≤ 20 ms, p95 ≤ 50
 *    ms; gap p95 ≤ 5 ms) and whether every delta arrived.
 * 3. The web process's CPU time per request of each kind. `BENCH_WEB_PROFILE=<dir>` also writes
 *    the web process's CPU profile there.
 */
const port = 3450;
const aiPort = 4460;
const env = agentBenchEnv(port, 4450, aiPort);
await resetStores(env);

/** Asks streaming at once (as many straight streams run beside them). */
const ASKS_AT_ONCE = Number(process.env.BENCH_ASKS_AT_ONCE ?? 50);
const CLIENTS = ASKS_AT_ONCE * 2;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const TOKENS = Number(process.env.BENCH_TOKENS ?? 40);
const simKey = 'sim-bench-agent-core';

const { key } = await createAgentBenchTenant(simKey, { instructions: 'Benchmark.', model: { id: 'sim/steady' } });
const { db } = await import('../../server/db');
await db.$disconnect();

const ai = spawn(process.execPath, ['--import', 'tsx', 'simulator/ai/main.ts'], {
  env: { ...env, AI_SIMULATOR_PORT: String(aiPort), SIM_TTFT_MS: '200', SIM_TOKEN_MS: '10', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
/** `BENCH_WEB_PROFILE=<dir>`: the web process writes a CPU profile there when it stops. */
const profile = process.env.BENCH_WEB_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_WEB_PROFILE}`] : [];
const web = spawn(process.execPath, [...profile, ...webProcessArgs], { env, stdio: ['ignore', 'inherit', 'inherit'] });

interface Timing {
  firstTokenMs: number;
  gapsMs: number[];
  deltas: number;
  text: string;
}

const input = `[[sim:tokens=${TOKENS}]] Tell me about the weather.`;
const expectedText = Array.from({ length: TOKENS }, (_, i) => `w${i + 1}`).join(' ');

/** Reads an SSE response, noting when each text delta arrived. */
async function timeStream(
  started: number,
  response: Response,
  deltaOf: (event: { event?: string; data: string }) => string | null,
): Promise<Timing> {
  if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}: ${await response.text()}`);
  const arrivals: number[] = [];
  let text = '';
  const parser = createParser({
    onEvent: (event) => {
      const delta = deltaOf(event);
      if (delta === null) return;
      arrivals.push(performance.now());
      text += delta;
    },
  });
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) parser.feed(decoder.decode(read.value, { stream: true }));
  return {
    firstTokenMs: (arrivals[0] ?? Number.NaN) - started,
    gapsMs: arrivals.slice(1).map((at, i) => at - (arrivals[i] as number)),
    deltas: arrivals.length,
    text,
  };
}

async function viaAsk(): Promise<Timing> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/agent/v1/ask`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ agent: 'bench', input, stream: true }),
  });
  return timeStream(started, response, (event) => (event.event === 'message.delta' ? (JSON.parse(event.data) as { text: string }).text : null));
}

async function direct(): Promise<Timing> {
  const started = performance.now();
  const response = await postToSimulator(aiPort, simKey, input);
  return timeStream(started, response, (event) => {
    if (event.data === '[DONE]') return null;
    const content = (JSON.parse(event.data) as { choices?: Array<{ delta?: { content?: string } }> }).choices?.[0]?.delta?.content;
    return content ? content : null;
  });
}

/**
 * ASKS_AT_ONCE asks streaming at once, as many clients would keep them, and both kinds
 * measured under the same load: 2 × ASKS_AT_ONCE clients each alternate an ask and the same
 * request straight to the simulator, ROUNDS of each, starting spread over one stream's length
 * (so requests arrive over time, not in one burst). Otherwise the straight streams would run on
 * a machine the web process leaves idle, and the difference would mostly measure two cores
 * shared by the simulator, the web process and this client.
 */
async function interleaved(streamMs: number): Promise<{ asked: Timing[]; straight: Timing[] }> {
  const asked: Timing[] = [];
  const straight: Timing[] = [];
  const client = async (index: number) => {
    await new Promise((r) => setTimeout(r, (index * streamMs) / CLIENTS));
    for (let round = 0; round < ROUNDS * 2; round++) {
      if ((round + index) % 2 === 0) asked.push(await viaAsk());
      else straight.push(await direct());
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
  return { asked, straight };
}

/**
 * The web process's CPU time per request of each kind, 10 at a time, so a change to the ask's
 * path can be judged by its cost rather than by latencies that depend on the machine's load.
 */
async function webCpuPerRequest(base: string): Promise<string> {
  const kinds: Array<[string, () => Promise<unknown>]> = [
    ['GET /agent/v1/models', () => fetch(`${base}/agent/v1/models`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.text())],
    [
      'blocking ask',
      () =>
        fetch(`${base}/agent/v1/ask`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ agent: 'bench', input }),
        }).then((r) => r.text()),
    ],
    ['streamed ask', viaAsk],
  ];
  const figures: string[] = [];
  for (const [name, run] of kinds) {
    const before = cpuMs(web.pid);
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let i = 0; i < 20; i++) await run();
      }),
    );
    figures.push(`${name} ${((cpuMs(web.pid) - before) / 200).toFixed(1)} ms`);
  }
  return `web CPU per request: ${figures.join(', ')}`;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

try {
  const base = `http://127.0.0.1:${port}`;
  await waitForLive(base);
  for (
    let i = 0;
    i < 100 &&
    !(await fetch(`http://127.0.0.1:${aiPort}/_sim/ai/health`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  ) {
    await new Promise((r) => setTimeout(r, 100));
  }

  const live = await measure('GET /api/health/live', { url: `${base}/api/health/live` });
  const models = await measure('GET /agent/v1/models', { url: `${base}/agent/v1/models`, headers: { authorization: `Bearer ${key}` } });
  const ratio = models.requests.average / live.requests.average;
  console.log(`\n/agent/v1/models requests/s: ${ratio.toFixed(2)}x liveness (target >= 0.85x)\n`);

  await Promise.all([viaAsk(), direct()]); // warm both paths
  const streamMs = 200 + TOKENS * 10;
  const [webCpuBefore, aiCpuBefore] = [cpuMs(web.pid), cpuMs(ai.pid)];
  const { asked, straight } = await interleaved(streamMs);
  const [webCpu, aiCpu] = [cpuMs(web.pid) - webCpuBefore, cpuMs(ai.pid) - aiCpuBefore];
  const report = (title: string, timings: Timing[]) => {
    const ttft = timings.map((t) => t.firstTokenMs);
    const gaps = timings.flatMap((t) => t.gapsMs);
    console.log(
      `${title.padEnd(26)} first token p50 ${percentile(ttft, 50).toFixed(1)} ms  p95 ${percentile(ttft, 95).toFixed(1)} ms   gap p50 ${percentile(gaps, 50).toFixed(1)} ms  p95 ${percentile(gaps, 95).toFixed(1)} ms`,
    );
    return { ttft, gaps };
  };
  const s = report('straight to the simulator', straight);
  const a = report('through POST /v1/ask', asked);
  const lost = asked.filter((t) => t.text !== expectedText).length + straight.filter((t) => t.text !== expectedText).length;
  console.log(
    `\nask adds: first token p50 ${(percentile(a.ttft, 50) - percentile(s.ttft, 50)).toFixed(1)} ms (target <= 20), ` +
      `p95 ${(percentile(a.ttft, 95) - percentile(s.ttft, 95)).toFixed(1)} ms (target <= 50); ` +
      `gap p95 ${(percentile(a.gaps, 95) - percentile(s.gaps, 95)).toFixed(1)} ms (target <= 5)`,
  );
  console.log(`${asked.length + straight.length} streams of ${TOKENS} tokens, ${lost} with a delta lost or changed`);
  console.log(
    `CPU: web ${(webCpu / asked.length).toFixed(1)} ms per ask stream; simulator ${(aiCpu / (asked.length + straight.length)).toFixed(1)} ms per stream`,
  );
  console.log(await webCpuPerRequest(base));
} finally {
  web.kill('SIGTERM');
  ai.kill('SIGTERM');
}
