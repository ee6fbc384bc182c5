import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { config } from '@/server/config';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { closeQueues, enqueue, getQueue } from '@/server/queues';
import { createApiKey } from '../api-factories';
import { createOrg } from '../factories';
import { waitFor } from '../support/wait-for';

/**
 * The worker's retention purge (server/retention/): rows past their retention go, younger
 * ones and those a feature still needs stay. Rows are backdated; the job is the scheduled one,
 * run now rather than waiting for its interval.
 */
const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);
const day = 86_400;
let orgId: string;
let apiKeyId: string;

before(async () => {
  orgId = (await createOrg()).id;
  apiKeyId = (await createApiKey(orgId)).id;
});

after(async () => {
  await closeQueues();
  await db.$disconnect();
});

async function outboxRow(dispatchedAt: Date) {
  const id = newId('outbox');
  await db.outboxJob.create({
    data: { id, queue: 'maintenance', name: 'campaigns.sweep', data: {}, jobId: `retention-test-${id}`, createdAt: dispatchedAt, dispatchedAt },
  });
  return id;
}

async function platformEvent(receivedAt: Date, processedAt: Date | null) {
  const id = newId('platformEvent');
  await db.platformEvent.create({ data: { id, payload: '{}', payloadSha256: `retention-test-${id}`, receivedAt, processedAt } });
  return id;
}

async function event(createdAt: Date, withDelivery = false) {
  const id = newId('event');
  await db.event.create({ data: { id, orgId, type: 'message.sent', payload: {}, createdAt } });
  if (withDelivery) {
    await db.webhookDelivery.create({
      data: { id: newId('delivery'), orgId, targetUrl: 'https://example.com/cb', eventId: id, event: 'message.sent', state: 'succeeded' },
    });
  }
  return id;
}

async function idempotencyRecord(expiresAt: Date) {
  const id = newId('idempotency');
  await db.idempotencyRecord.create({ data: { id, apiKeyId, key: id, requestHash: 'x', createdAt: ago(2 * day), expiresAt } });
  return id;
}

test('the retention purge is scheduled on the maintenance queue at its configured interval', async () => {
  const scheduler = await waitFor('the retention-purge scheduler', () => getQueue('maintenance').getJobScheduler('retention-purge'));
  assert.equal(Number(scheduler.every), config.RETENTION_PURGE_EVERY_S * 1000);
});

test('rows past their retention are purged; younger ones and events with deliveries survive', async () => {
  const old = {
    outbox: await outboxRow(ago(config.OUTBOX_RETENTION_S + 60)),
    platformEvent: await platformEvent(ago(config.PLATFORM_EVENTS_RETENTION_S + 120), ago(config.PLATFORM_EVENTS_RETENTION_S + 60)),
    event: await event(ago(config.EVENTS_RETENTION_S + 60)),
    idempotency: await idempotencyRecord(ago(60)),
  };
  const kept = {
    outbox: await outboxRow(ago(config.OUTBOX_RETENTION_S - 600)),
    platformEvent: await platformEvent(ago(config.PLATFORM_EVENTS_RETENTION_S - 600), ago(config.PLATFORM_EVENTS_RETENTION_S - 600)),
    unprocessedPlatformEvent: await platformEvent(ago(config.PLATFORM_EVENTS_RETENTION_S + 60), null),
    event: await event(ago(config.EVENTS_RETENTION_S - 600)),
    eventWithDelivery: await event(ago(config.EVENTS_RETENTION_S + 60), true),
    idempotency: await idempotencyRecord(new Date(Date.now() + 3600_000)),
  };

  await enqueue('maintenance', 'retention.purge', {});

  const remaining = async () => ({
    outbox: await db.outboxJob.count({ where: { id: { in: [old.outbox, kept.outbox] } } }),
    platformEvents: await db.platformEvent.count({
      where: { id: { in: [old.platformEvent, kept.platformEvent, kept.unprocessedPlatformEvent] } },
    }),
    events: await db.event.count({ where: { id: { in: [old.event, kept.event, kept.eventWithDelivery] } } }),
    idempotency: await db.idempotencyRecord.count({ where: { id: { in: [old.idempotency, kept.idempotency] } } }),
  });
  const after = await waitFor('the purge', async () => {
    const counts = await remaining();
    return counts.outbox + counts.platformEvents + counts.events + counts.idempotency === 6 && counts;
  });
  assert.deepEqual(after, { outbox: 1, platformEvents: 2, events: 2, idempotency: 1 });
  assert.ok(await db.outboxJob.findUnique({ where: { id: kept.outbox } }));
  assert.ok(await db.platformEvent.findUnique({ where: { id: kept.platformEvent } }));
  assert.ok(await db.platformEvent.findUnique({ where: { id: kept.unprocessedPlatformEvent } }));
  assert.ok(await db.event.findUnique({ where: { id: kept.event } }));
  assert.ok(await db.event.findUnique({ where: { id: kept.eventWithDelivery } }));
  assert.ok(await db.idempotencyRecord.findUnique({ where: { id: kept.idempotency } }));
});
