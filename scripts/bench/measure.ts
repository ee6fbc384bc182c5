import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export const benchSeconds = Number(process.env.BENCH_SECONDS ?? 20);
export const benchConnections = Number(process.env.BENCH_CONNECTIONS ?? 50);

/** Runs autocannon and prints one line: requests/s, p50, p99, failures. */
export async function measure(title: string, options: autocannon.Options, seconds = benchSeconds) {
  // A fixed number of requests is its own run; otherwise warm the JIT and pools up first.
  if (options.amount === undefined) await autocannon({ connections: benchConnections, ...options, duration: 3 });
  const result = await autocannon({ connections: benchConnections, ...options, duration: seconds });
  const failures = result.non2xx + result.errors + result.timeouts;
  console.log(
    `${title.padEnd(24)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   non-2xx/errors ${failures}`,
  );
  return result;
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
