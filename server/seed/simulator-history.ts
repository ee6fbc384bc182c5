import { config } from '@/server/config';

/** A customer message the demo data says happened, which the platform must know of too. */
export interface CustomerMessageFact {
  phone_id: string;
  from: string;
  inbound_at: string;
}

/**
 * Tells the platform simulator about the seeded customers' past messages (its control API,
 * `POST /_sim/history`), so what the demo data promises holds at the platform as well: a
 * customer who "wrote an hour ago" can be sent free text. Answers `unreachable` when no
 * simulator answers at the platform's base URL (not running yet, or the real platform).
 */
export async function tellSimulatorHistory(facts: CustomerMessageFact[]): Promise<'told' | 'unreachable'> {
  const base = config.PLATFORM_BASE_URL;
  const health = await fetch(`${base}/_sim/health`, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
  if (!health?.ok) return 'unreachable';
  for (const fact of facts) {
    const res = await fetch(`${base}/_sim/history`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fact),
      signal: AbortSignal.timeout(5_000),
    });
    if (!res.ok) throw new Error(`The simulator refused the demo history (${res.status}): ${await res.text()}`);
  }
  return 'told';
}
