import { db } from '@/server/db';
import { logger } from '@/server/logger';

/**
 * `last_used_at` kept current without a database write per request: uses are collected in
 * memory and written in one statement every few seconds, so a busy key costs one write per
 * flush interval however many requests it makes. Messaging and agent keys share the flush:
 * ids are unique across both tables, so each statement touches only its own keys.
 */
const FLUSH_INTERVAL_MS = 5_000;
const pending = new Map<string, Date>();
let timer: NodeJS.Timeout | undefined;

export function noteKeyUsed(keyId: string, at = new Date()): void {
  pending.set(keyId, at);
  timer ??= setTimeout(() => void flushKeyUses(), FLUSH_INTERVAL_MS).unref();
}

export async function flushKeyUses(): Promise<void> {
  timer = undefined;
  if (pending.size === 0) return;
  const ids = [...pending.keys()];
  const times = ids.map((id) => (pending.get(id) as Date).toISOString());
  pending.clear();
  try {
    await db.$executeRaw`
      UPDATE api_keys AS k SET last_used_at = u.at
      FROM unnest(${ids}::text[], ${times}::timestamptz[]) AS u(id, at)
      WHERE k.id = u.id AND (k.last_used_at IS NULL OR k.last_used_at < u.at)`;
    await db.$executeRaw`
      UPDATE agent_api_keys AS k SET last_used_at = u.at
      FROM unnest(${ids}::text[], ${times}::timestamptz[]) AS u(id, at)
      WHERE k.id = u.id AND (k.last_used_at IS NULL OR k.last_used_at < u.at)`;
  } catch (error) {
    logger.warn({ err: error }, 'could not record API key use');
  }
}
