import { config } from '@/server/config';
import { purgeInBatches } from './purge-in-batches';

/**
 * What is purged, and when a row has served every feature that reads it. Each condition is
 * backed by an index whose leading column it ranges over.
 */
const policies = [
  // The delivery history (attempts first: a delivery is last changed after its last attempt).
  { table: 'webhook_delivery_attempts', condition: 't.created_at < $1', retentionS: config.WEBHOOK_HISTORY_RETENTION_S },
  { table: 'webhook_deliveries', condition: "t.updated_at < $1 AND t.state <> 'pending'", retentionS: config.WEBHOOK_HISTORY_RETENTION_S },
  // Read by the fan-out right after creation and by deliveries (history, resend) until their
  // purge just above; live replay reads the Redis stream, not this table.
  {
    table: 'events',
    condition: 't.created_at < $1 AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = t.id)',
    retentionS: config.EVENTS_RETENTION_S,
  },
  // Handed to BullMQ: the relay never reads it again; kept a while for inspection.
  { table: 'outbox_jobs', condition: 't.dispatched_at < $1', retentionS: config.OUTBOX_RETENTION_S },
  // Processed (successfully or not); unprocessed rows wait for their job, however old.
  { table: 'platform_events', condition: 't.processed_at < $1', retentionS: config.PLATFORM_EVENTS_RETENTION_S },
  // expires_at already holds the key's lifetime.
  { table: 'idempotency_records', condition: 't.expires_at < $1', retentionS: 0 },
] as const;

export type PurgedRows = Record<(typeof policies)[number]['table'], number>;

/** Deletes every row past its retention; returns how many of each table. */
export async function purgeExpiredRows(now = new Date()): Promise<PurgedRows> {
  const purged = {} as PurgedRows;
  for (const { table, condition, retentionS } of policies) {
    purged[table] = await purgeInBatches(table, condition, new Date(now.getTime() - retentionS * 1000));
  }
  return purged;
}
