import { readFileSync } from 'node:fs';
import { createParser } from 'eventsource-parser';
import { Agent, fetch as undiciFetch, type Dispatcher } from 'undici';
import { startStack, waitForHealthy } from '../lib/stack';
import { expectedReply, percentile, pool, readStream, straightToSimulator, streamedInput, waitForSimulator } from './agent-streams';
import { agentBenchEnv, createAgentBenchTenant, resetStores } from './bench-setup';
import { cpuMs, ioRoundTrips } from './measure';

/**
 * `npm run bench:agent-browser` (issue 20), against the production build (`npm run build` first),
 * with the web process, one worker and the AI simulator (200 ms to the first token, 40 tokens
 * 10 ms apart). Browsers' requests carry an Origin and come from loopback addresses of their own
 * (127.x.y.z), as visitors from many addresses would.
 * 1. 1,000 session event streams (`GET /sessions/{id}/events`, client tokens) held open on the
 *    one web process for 47 s: the web process's memory added (target ≤ 150 MB), whether every
 *    stream got its `: ping` every 15 s on time, and, while they are open, how soon a reply
 *    reaches 50 of them.
 * 2. A visitor's start as the widget makes it, each from a new address: preflight + token,
 *    preflight + session, preflight + first message streamed to its first token. The time it
 *    adds to the same model call made straight to the simulator at the same moment (target
 *    p95 ≤ 40 ms), with 200 visitors arriving 5 a second (`BENCH_VISITORS_PER_S`; at 20 a second two
 *    cores are saturated and the figure measures the queue).
 * 3. The anonymous caps with 50 visitors on one address, at once: 20 messages per address in 10
 *    minutes (5 trials, 100 messages each) and the project's 500 conversations a day (480 used:
 *    20 of 50 new sessions). Exact means exactly the cap accepted, every other one refused with
 *    `anonymous_limit_reached` and a Retry-After, and the database holding exactly what was accepted.
 * `BENCH_STREAMS` changes the 1,000; `BENCH_PARTS=2,3` runs only those parts.
 */
const port = 3490;
const aiPort = 4510;
const env = agentBenchEnv(port, 4500, aiPort);
await resetStores(env);

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 200);
const VISITORS_PER_S = Number(process.env.BENCH_VISITORS_PER_S ?? 5);
const TOKENS = 40;
const ORIGIN = 'https://shop.example.com';
const simKey = 'sim-bench-agent-browser';
const base = `http://127.0.0.1:${port}/agent`;
const widgetConfig = {
  instructions: 'Benchmark.',
  model: { id: 'sim/steady' },
  channels: { widget: { enabled: true, greeting: { en: 'Hello!', ar: 'مرحبا!' } } },
};

const { db } = await import('../../server/db');
const { newId } = await import('../../server/db/ids');
const { hashApiKey } = await import('../../server/api-keys/key-format');
const { agentKeyDisplayPrefix, generateAgentKey } = await import('../../server/agent/access/agent-key-format');
const { sessionStreamKey } = await import('../../server/agent/runs/run-stream');
const { closeRedis, getRedis } = await import('../../server/redis');

/** A project for the benchmark's part, with its secret key and a publishable key for ORIGIN. */
async function widgetProject() {
  const tenant = await createAgentBenchTenant(simKey, widgetConfig);
  const publishable = generateAgentKey('publishable');
  await db.agentApiKey.create({
    data: {
      id: newId('apiKey'),
      projectId: tenant.projectId,
      type: 'publishable',
      name: 'bench site',
      prefix: agentKeyDisplayPrefix(publishable),
      keyHash: hashApiKey(publishable),
      allowedOrigins: [ORIGIN],
    },
  });
  return { ...tenant, publishable };
}

const stack = startStack({ env, webPort: port, logDir: '/tmp', aiSimulator: { port: aiPort, ttftMs: 200, tokenMs: 10 } });

/** A browser at its own address: each `via()` is a new loopback address (127.x.y.z). */
let addresses = 0;
function newAddress(): Dispatcher {
  addresses += 1;
  return new Agent({ localAddress: `127.${10 + Math.floor(addresses / 62_500)}.${Math.floor(addresses / 250) % 250}.${1 + (addresses % 250)}` });
}

interface BrowserCall {
  credential: string;
  method?: string;
  body?: unknown;
  via?: Dispatcher;
  headers?: Record<string, string>;
}

/** A request as the widget's page makes it: the credential, the page's Origin, JSON. */
function browser(path: string, { credential, method, body, via, headers }: BrowserCall) {
  return undiciFetch(`${base}/v1${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      authorization: `Bearer ${credential}`,
      origin: ORIGIN,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    dispatcher: via,
  }) as unknown as Promise<Response>;
}

/** The CORS preflight a browser sends before a request with an Authorization header. */
async function preflight(path: string, method: string, via: Dispatcher) {
  const res = await undiciFetch(`${base}/v1${path}`, {
    method: 'OPTIONS',
    headers: { origin: ORIGIN, 'access-control-request-method': method, 'access-control-request-headers': 'authorization, content-type' },
    dispatcher: via,
  });
  await res.arrayBuffer();
  if (res.status !== 204 || res.headers.get('access-control-allow-origin') !== ORIGIN)
    throw new Error(`preflight of ${path} answered ${res.status}`);
}

async function json(res: Response, expected: number[]) {
  const body = (await res.json()) as Record<string, any>;
  if (!expected.includes(res.status)) throw new Error(`${res.url} answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Resident memory of a process, in MB (Linux /proc). */
function rssMb(pid: number | undefined): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
}

const PING_MS = 15_000;
const HOLD_MS = 47_000;

interface OpenStream {
  session: string;
  /** When the server opened it (its `: connected`). */
  opened: number;
  pings: number[];
  /** When a `message.delta` first came, once a reply was asked for. */
  firstDelta?: number;
  /** The run events seen (`run.completed`, `run.failed`…), to tell a lost reply from a failed run. */
  ended: string[];
  close: () => void;
}

/** Opens a session's event stream and notes when each ping and the first delta arrive. */
async function openStream(session: string, token: string): Promise<OpenStream> {
  const controller = new AbortController();
  const started = performance.now();
  const res = await undiciFetch(`${base}/v1/sessions/${session}/events`, {
    headers: { authorization: `Bearer ${token}`, origin: ORIGIN },
    signal: controller.signal,
    // Each from an address of its own: one address holds at most 50 open streams.
    dispatcher: newAddress(),
  });
  if (res.status !== 200 || !res.body) throw new Error(`session stream answered ${res.status}: ${await res.text()}`);
  const stream: OpenStream = { session, opened: started, pings: [], ended: [], close: () => controller.abort() };
  const parser = createParser({
    onComment: (comment) => {
      // The server's first byte marks when it opened the stream; its pings are timed from then.
      if (comment.trim() === 'connected') stream.opened = performance.now();
      else if (comment.trim() === 'ping') stream.pings.push(performance.now());
    },
    onEvent: (event) => {
      if (event.event === 'message.delta' && stream.firstDelta === undefined) stream.firstDelta = performance.now();
      if (event.event && ['run.completed', 'run.failed', 'run.cancelled'].includes(event.event)) stream.ended.push(event.event);
    },
  });
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for await (const chunk of res.body!) parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
    } catch {
      // aborted at the end of the hold
    }
  })();
  return stream;
}

/** What became of a reply its open stream never showed: the run's row and the session's log. */
async function unansweredStream(stream: OpenStream): Promise<string> {
  const runs = await db.agentRun.findMany({ where: { sessionId: stream.session }, select: { id: true, status: true } });
  const logged = await getRedis().xrange(sessionStreamKey(stream.session), '-', '+');
  return (
    `session ${stream.session}: runs ${runs.map((r) => `${r.id} ${r.status}`).join(', ') || 'none'}; its log holds ` +
    `${logged.map(([, fields]) => fields[1]).join(', ') || 'nothing'}; the stream got ${stream.pings.length} pings`
  );
}

/** 1. STREAMS open session streams. */
async function openStreams() {
  const project = await widgetProject();
  const secret = { authorization: `Bearer ${project.key}`, 'content-type': 'application/json' };
  const visitors: Array<{ token: string; session: string }> = [];
  await pool(
    Array.from({ length: STREAMS }, (_, i) => i),
    50,
    async (i) => {
      // Signed-in customers: server-minted tokens (anonymous visitors are capped at 500 conversations a day).
      const minted = await json(
        (await fetch(`${base}/v1/client_tokens`, {
          method: 'POST',
          headers: secret,
          body: JSON.stringify({ end_user: { external_id: `customer-${i}` } }),
        })) as Response,
        [201],
      );
      const session = await json(await browser('/widget/sessions', { credential: minted.token, body: {} }), [201]);
      visitors.push({ token: minted.token, session: session.id });
    },
  );
  // Warm the route, then let the process settle before the baseline.
  for (const visitor of visitors.slice(0, 20)) (await openStream(visitor.session, visitor.token)).close();
  await new Promise((r) => setTimeout(r, 3000));
  const web = stack.pid('web');
  const baseline = rssMb(web);
  const cpuBefore = cpuMs(web);

  const openedAt = performance.now();
  const streams: OpenStream[] = [];
  await pool(visitors, 50, async (visitor) => {
    streams.push(await openStream(visitor.session, visitor.token));
  });
  const openingS = (performance.now() - openedAt) / 1000;
  let peak = rssMb(web);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(web))), 500);

  // While all are open, 50 of them get a reply (asked with the secret key, as a site's server would).
  await new Promise((r) => setTimeout(r, 20_000));
  const asked = streams.slice(0, 50);
  const askedAt = new Map<string, number>();
  await Promise.all(
    asked.map(async (stream) => {
      askedAt.set(stream.session, performance.now());
      await json(
        (await fetch(`${base}/v1/sessions/${stream.session}/messages`, {
          method: 'POST',
          headers: secret,
          body: JSON.stringify({ input: streamedInput(5) }),
        })) as Response,
        [200],
      );
    }),
  );
  await new Promise((r) => setTimeout(r, HOLD_MS - (performance.now() - openedAt)));
  clearInterval(sampler);
  const held = rssMb(web);
  const cpuHeld = cpuMs(web) - cpuBefore;
  const closedAt = performance.now();
  for (const stream of streams) stream.close();

  // A stream's pings: the n-th is due n × 15 s after it opened (those due up to a second before the end are counted).
  const lateness: number[] = [];
  let missing = 0;
  for (const stream of streams) {
    const due = Math.floor((closedAt - 1000 - stream.opened) / PING_MS);
    missing += Math.max(0, due - stream.pings.length);
    stream.pings.slice(0, due).forEach((at, n) => lateness.push(at - stream.opened - (n + 1) * PING_MS));
  }
  const replyMs = asked.filter((s) => s.firstDelta !== undefined).map((s) => s.firstDelta! - askedAt.get(s.session)!);
  const unanswered = await Promise.all(asked.filter((s) => s.firstDelta === undefined).map((s) => unansweredStream(s)));
  console.log(
    `\n1. ${streams.length} session streams opened in ${openingS.toFixed(1)} s and held ${HOLD_MS / 1000} s on one web process:\n` +
      `   web memory (RSS) ${baseline.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB, ${held.toFixed(0)} MB at the end: ` +
      `added ${(peak - baseline).toFixed(0)} MB at peak (target <= 150)\n` +
      `   pings ${lateness.length} received, ${missing} missing; late by p50 ${percentile(lateness, 50).toFixed(0)} ms, ` +
      `p99 ${percentile(lateness, 99).toFixed(0)} ms, max ${Math.max(...lateness).toFixed(0)} ms (15 s apart)\n` +
      `   replies to 50 of them while open: first delta after p50 ${percentile(replyMs, 50).toFixed(0)} ms, ` +
      `p95 ${percentile(replyMs, 95).toFixed(0)} ms (model's first token at 200 ms); ` +
      `${50 - replyMs.length} without a delta (their runs' ends seen: ${
        asked
          .filter((s) => s.firstDelta === undefined)
          .map((s) => s.ended.join('+') || 'none')
          .join(', ') || '-'
      })\n` +
      unanswered.map((line) => `     ${line}\n`).join('') +
      `   web CPU while holding (opening included): ${(cpuHeld / 1000).toFixed(1)} s over ${(HOLD_MS / 1000).toFixed(0)} s`,
  );
}

interface VisitorStart {
  tokenMs: number;
  sessionMs: number;
  acceptedMs: number;
  firstTokenMs: number;
  straightMs: number;
  whole: boolean;
}

/** A new visitor's first message, as the widget sends it, from an address of its own. */
async function visitorStart(publishable: string): Promise<VisitorStart> {
  const via = newAddress();
  const straight = straightToSimulator(aiPort, simKey, TOKENS);
  const started = performance.now();
  await preflight('/widget/token', 'POST', via);
  const minted = await json(await browser('/widget/token', { credential: publishable, body: {}, via }), [201]);
  const tokenMs = performance.now() - started;
  await preflight('/widget/sessions', 'POST', via);
  const session = await json(await browser('/widget/sessions', { credential: minted.token, body: {}, via }), [201]);
  const sessionMs = performance.now() - started - tokenMs;
  const messageStarted = performance.now();
  await preflight(`/sessions/${session.id}/messages`, 'POST', via);
  const res = await browser(`/sessions/${session.id}/messages`, {
    credential: minted.token,
    body: { input: streamedInput(TOKENS), stream: true, client_message_id: `first-${session.id}` },
    via,
  });
  const acceptedMs = performance.now() - messageStarted;
  const reply = await readStream(res, started);
  await (via as Agent).close();
  return {
    tokenMs,
    sessionMs,
    acceptedMs,
    firstTokenMs: reply.first,
    straightMs: (await straight).first,
    whole: reply.text === expectedReply(TOKENS),
  };
}

/** 2. VISITORS visitors' first messages, VISITORS_PER_S a second. */
async function visitorStarts() {
  const project = await widgetProject();
  for (let i = 0; i < 10; i++) await visitorStart(project.publishable); // warm-up
  const cpuBefore = { web: cpuMs(stack.pid('web')), worker: cpuMs(stack.pid('worker')) };
  const starts = await Promise.all(
    Array.from({ length: VISITORS }, async (_, i) => {
      await new Promise((r) => setTimeout(r, (i * 1000) / VISITORS_PER_S));
      return visitorStart(project.publishable);
    }),
  );
  const cpu = { web: cpuMs(stack.pid('web')) - cpuBefore.web, worker: cpuMs(stack.pid('worker')) - cpuBefore.worker };
  const added = starts.map((s) => s.firstTokenMs - s.straightMs);
  const stat = (values: number[]) => `p50 ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms`;
  console.log(
    `\n2. ${starts.length} visitors' first messages (preflights included), ${VISITORS_PER_S} a second, each from its own address:\n` +
      `   preflight + token ${stat(starts.map((s) => s.tokenMs))}; preflight + session ${stat(starts.map((s) => s.sessionMs))}; ` +
      `preflight + message answered ${stat(starts.map((s) => s.acceptedMs))}\n` +
      `   from the first preflight to the reply's first token ${stat(starts.map((s) => s.firstTokenMs))}; ` +
      `the same model call straight to the simulator ${stat(starts.map((s) => s.straightMs))}\n` +
      `   added: ${stat(added)} (target p95 <= 40); p95 of the first token minus the simulator's p95: ` +
      `${(
        percentile(
          starts.map((s) => s.firstTokenMs),
          95,
        ) -
        percentile(
          starts.map((s) => s.straightMs),
          95,
        )
      ).toFixed(0)} ms\n` +
      `   ${starts.filter((s) => !s.whole).length} replies not whole (target 0); CPU per visitor: web ${(cpu.web / VISITORS).toFixed(1)} ms, ` +
      `worker ${(cpu.worker / VISITORS).toFixed(1)} ms`,
  );
}

/** 50 anonymous visitors' tokens, all from one address. */
async function tokensAt(via: Dispatcher, publishable: string): Promise<string[]> {
  return Promise.all(
    Array.from(
      { length: 50 },
      async () => (await json(await browser('/widget/token', { credential: publishable, body: {}, via }), [201])).token as string,
    ),
  );
}

/** Each token's widget session, all opened at once, each from an address of its own (one address starts at most 20 an hour). */
function sessionsOf(tokens: string[], expected = [201]) {
  return Promise.all(
    tokens.map(async (token) => {
      const res = await browser('/widget/sessions', { credential: token, body: {}, via: newAddress() });
      return { token, status: res.status, body: await json(res, expected), retryAfter: res.headers.get('retry-after') };
    }),
  );
}

/** Whether every refusal is `anonymous_limit_reached` with a Retry-After in (0, `maxS`]. */
const refusedWell = (refused: Array<{ body: Record<string, any>; retryAfter: string | null }>, maxS: number) =>
  refused.every((r) => r.body.error?.code === 'anonymous_limit_reached' && Number(r.retryAfter) > 0 && Number(r.retryAfter) <= maxS);

/** 3. The caps, with 50 visitors on one address. */
async function caps() {
  const { anonymousConversationsKey } = await import('../../server/agent/usage/anonymous-caps');
  const lines: string[] = [];
  for (let trial = 1; trial <= 5; trial++) {
    const project = await widgetProject();
    const via = newAddress();
    const visitors = await sessionsOf(await tokensAt(via, project.publishable));
    // Every visitor sends two messages, all 100 at once.
    const answers = await Promise.all(
      visitors.flatMap((visitor) =>
        [1, 2].map(async (n) => {
          const res = await browser(`/sessions/${visitor.body.id}/messages`, { credential: visitor.token, body: { input: `message ${n}` }, via });
          return { status: res.status, body: await json(res, [200, 429]), retryAfter: res.headers.get('retry-after') };
        }),
      ),
    );
    const accepted = answers.filter((a) => a.status === 200).length;
    const stored = await db.agentMessage.count({ where: { projectId: project.projectId, role: 'user' } });
    const exact =
      accepted === 20 &&
      stored === 20 &&
      refusedWell(
        answers.filter((a) => a.status === 429),
        600,
      );
    lines.push(
      `   trial ${trial}: ${accepted} of 100 messages accepted, ${stored} stored, ${answers.length - accepted} refused well: ${exact ? 'exact' : 'NOT EXACT'}`,
    );
    await (via as Agent).close();
  }
  const project = await widgetProject();
  const redis = getRedis();
  const via = newAddress();
  const tokens = await tokensAt(via, project.publishable);
  await redis.set(anonymousConversationsKey(project.projectId), '480', 'EX', 3600);
  const opened = await sessionsOf(tokens, [201, 429]);
  const created = opened.filter((o) => o.status === 201).length;
  const sessions = await db.agentSession.count({ where: { projectId: project.projectId } });
  const exact =
    created === 20 &&
    sessions === 20 &&
    refusedWell(
      opened.filter((o) => o.status === 429),
      86_400,
    );
  lines.push(`   500 conversations a day (480 used): ${created} of 50 new sessions opened, ${sessions} stored: ${exact ? 'exact' : 'NOT EXACT'}`);
  redis.disconnect();
  await (via as Agent).close();
  console.log(`\n3. Anonymous caps, 50 visitors on one address at once:\n${lines.join('\n')}`);
}

try {
  await waitForHealthy(`http://127.0.0.1:${port}`);
  await waitForSimulator(aiPort, { ttft_ms: 200, token_ms: 10 });
  console.log(await ioRoundTrips(env.DATABASE_URL, env.REDIS_URL));
  const parts = (process.env.BENCH_PARTS ?? '1,2,3').split(',');
  if (parts.includes('1')) await openStreams();
  if (parts.includes('2')) await visitorStarts();
  if (parts.includes('3')) await caps();
} finally {
  await db.$disconnect();
  closeRedis();
  await stack.stop();
}
