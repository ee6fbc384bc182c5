import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';

export const benchSeconds = Number(process.env.BENCH_SECONDS ?? 20);
export const benchConnections = Number(process.env.BENCH_CONNECTIONS ?? 50);

/**
 * Runs autocannon and prints one line: requests/s, p50, p99, failures and, given the server's
 * pid, its CPU time per request: unlike requests/s, that figure barely moves with the load other
 * processes put on a shared machine.
 */
export async function measure(title: string, options: autocannon.Options, seconds = benchSeconds, serverPid?: number) {
  // A fixed number of requests is its own run; otherwise warm the JIT and pools up first.
  if (options.amount === undefined) await autocannon({ connections: benchConnections, ...options, duration: 3 });
  const cpuBefore = serverPid === undefined ? 0 : cpuMs(serverPid);
  const result = await autocannon({ connections: benchConnections, ...options, duration: seconds });
  const cpuPerRequest = serverPid === undefined ? undefined : (cpuMs(serverPid) - cpuBefore) / Math.max(1, result.requests.total);
  const failures = result.non2xx + result.errors + result.timeouts;
  console.log(
    `${title.padEnd(24)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   non-2xx/errors ${failures}` +
      (cpuPerRequest === undefined ? '' : `   CPU/request ${cpuPerRequest.toFixed(2)} ms`),
  );
  return Object.assign(result, { cpuPerRequest });
}

export async function waitForLive(base: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(`${base}/api/health/live`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('web did not start');
}

/** CPU time a process has used, in ms (Linux /proc; clock ticks are 10 ms). */
export function cpuMs(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU time the whole machine has spent busy (every process, the benchmark's own included), in ms (Linux /proc/stat). */
export function machineBusyMs(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * 10;
}

/**
 * How fast this machine's I/O is: the mean of 1,000 round trips, one at a time, to PostgreSQL
 * (`SELECT 1`) and to Redis (`PING`). The latency figures depend on it more than on anything
 * in the code (the same commit measured 2–3× slower on a machine whose round trips were), so
 * every agent benchmark prints it beside its figures.
 */
export async function ioRoundTrips(databaseUrl: string, redisUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const redis = new Redis(redisUrl);
  const mean = async (once: () => Promise<unknown>) => {
    for (let i = 0; i < 100; i++) await once(); // warm-up
    const started = performance.now();
    for (let i = 0; i < 1000; i++) await once();
    return ((performance.now() - started) / 1000) * 1000;
  };
  try {
    const postgres = await mean(() => client.query('SELECT 1'));
    const ping = await mean(() => redis.ping());
    return `this machine: a PostgreSQL round trip ${postgres.toFixed(0)} µs, a Redis round trip ${ping.toFixed(0)} µs (mean of 1,000, one at a time)`;
  } finally {
    await client.end();
    redis.disconnect();
  }
}
