/** What the campaign benchmarks share: recipients' numbers, percentiles and the simulator's counts. */

/** Distinct numbers avoiding the simulator's magic endings (9901–9904 refuse, fail or stop early). */
export function benchPhones(n: number, from = 2_000_000): string[] {
  const phones: string[] = [];
  for (let i = from; phones.length < n; i++) if (i % 10_000 < 9_900) phones.push(`+1555${i}`);
  return phones;
}

/** The p-th percentile of sorted values, 0 when there are none. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export async function simulatorStats(
  simulatorUrl: string,
): Promise<{ accepted_total: number; distinct_callbacks: number; duplicated_callbacks: number }> {
  return (await fetch(`${simulatorUrl}/_sim/stats`)).json();
}

/** Lifts a simulated number's platform limits, so only our own pacing holds it. */
export async function unlimitedNumber(simulatorUrl: string, phoneId: string): Promise<void> {
  await fetch(`${simulatorUrl}/_sim/phone-numbers/${phoneId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ throughput_level: 'HIGH', messaging_limit_tier: 'TIER_UNLIMITED' }),
  });
}

/** An API caller for one key: throws on any answer but 2xx. */
export function apiCaller(base: string, key: string) {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as any;
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
}
