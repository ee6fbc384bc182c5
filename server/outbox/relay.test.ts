import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { db } from '@/server/db';
import { getPgPool } from '@/server/db/pg';
import { logger } from '@/server/logger';
import { closeQueues, getQueue } from '@/server/queues';
import { closeRedis } from '@/server/redis';
import { prismaSql } from '@/server/db/sql';
import { addOutboxJob, OUTBOX_CHANNEL } from './index';
import { startOutboxRelay } from './relay';

// Real rows in the database DATABASE_URL names and real jobs in REDIS_URL's queues (`npm test`
// runs this before the stack starts, so no other relay is running).

const relay = startOutboxRelay(logger.child({ test: 'outbox-relay' }));
const jobIds: string[] = [];

after(async () => {
  await relay.stop();
  const maintenance = getQueue('maintenance');
  await Promise.all(jobIds.map((jobId) => maintenance.remove(jobId)));
  await closeQueues();
  closeRedis();
  await getPgPool().end();
  await db.$disconnect();
});

/** Writes an outbox row as every writer does; the table's trigger notifies the relay on commit. */
async function writeRow(): Promise<{ outboxId: string; jobId: string; writtenAt: number }> {
  const jobId = `relay-test-${Date.now()}-${jobIds.length}`;
  jobIds.push(jobId);
  const outboxId = await db.$transaction((tx) => addOutboxJob(prismaSql(tx), { queue: 'maintenance', name: 'retention.purge', data: {}, jobId }));
  return { outboxId, jobId, writtenAt: Date.now() };
}

/** Waits for the row to be marked dispatched and returns how long after `since` that was seen. */
async function dispatchedWithin(outboxId: string, since: number, timeoutMs: number): Promise<number> {
  while (Date.now() - since < timeoutMs) {
    const row = await db.outboxJob.findUniqueOrThrow({ where: { id: outboxId }, select: { dispatchedAt: true } });
    if (row.dispatchedAt) return Date.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.fail(`outbox row ${outboxId} was not dispatched within ${timeoutMs} ms`);
}

test('a written row is handed to its queue at once (its insert notifies the relay), not at the sweep that waits for rows two seconds old', async () => {
  // Let the relay open its listening connection first.
  await dispatchedWithin((await writeRow()).outboxId, Date.now(), 5_000);

  const { outboxId, jobId, writtenAt } = await writeRow();
  const waited = await dispatchedWithin(outboxId, writtenAt, 5_000);
  assert.ok(waited < 1_500, `dispatched ${waited} ms after commit: the sweep's doing, not the notification's`);
  const job = await getQueue('maintenance').getJob(jobId);
  assert.equal(job?.name, 'retention.purge');
});

async function listeningConnections(): Promise<number[]> {
  const { rows } = await getPgPool().query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = $1',
    [`LISTEN ${OUTBOX_CHANNEL}`],
  );
  return rows.map((row) => row.pid);
}

test('after losing its listening connection the relay listens again and hands over what was written meanwhile', async () => {
  const listening = await listeningConnections();
  assert.equal(listening.length, 1, 'one listening connection');
  await getPgPool().query('SELECT pg_terminate_backend($1)', [listening[0]]);

  const { outboxId, jobId, writtenAt } = await writeRow();
  await dispatchedWithin(outboxId, writtenAt, 5_000);
  assert.ok(await getQueue('maintenance').getJob(jobId));

  // Listening again: the next row goes straight through.
  const next = await writeRow();
  assert.ok((await dispatchedWithin(next.outboxId, next.writtenAt, 5_000)) < 1_500);
});

test('with two relays one listens; when its session ends the other takes over', async () => {
  const standby = startOutboxRelay(logger.child({ test: 'outbox-relay-standby' }));
  try {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.equal((await listeningConnections()).length, 1, 'one listening connection for two relays');

    await relay.stop();
    const { outboxId, writtenAt } = await writeRow();
    await dispatchedWithin(outboxId, writtenAt, 5_000);
    const next = await writeRow();
    assert.ok((await dispatchedWithin(next.outboxId, next.writtenAt, 5_000)) < 1_500);
    assert.equal((await listeningConnections()).length, 1);
  } finally {
    await standby.stop();
  }
});
