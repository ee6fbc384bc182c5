import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { publishEvent, publishEvents } from '@/server/webhook-events/publish-event';
import { getRedis, redisKey } from '@/server/redis';
import { attemptDelivery } from '@/server/webhooks/attempt-delivery';
import { createWebhook } from '@/server/webhooks/create-webhook';
import { attemptDelaysMs } from '@/server/webhooks/delivery-schedule';
import { createEventDeliveries } from '@/server/webhooks/create-event-deliveries';
import { purgeExpiredRows } from '@/server/retention/purge-expired-rows';
import { testWebhook } from '@/server/webhooks/test-webhook';
import { createOrg } from '../factories';
import { waitFor } from '../support/wait-for';

/** The delivery engine: worker fan-out and signing, retries on an injected clock, status 0, 410, purge. */
let orgId: string;
let receiver: Server;
let base: string;
const received: Array<{ url: string; headers: Record<string, string>; body: string }> = [];

before(async () => {
  orgId = (await createOrg()).id;
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.url === '/hang') return; // never answers
      received.push({ url: req.url ?? '', headers: req.headers as Record<string, string>, body });
      res.writeHead(req.url === '/gone' ? 410 : req.url === '/fail' ? 503 : 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.77', resolve));
  base = `http://127.0.0.77:${(receiver.address() as AddressInfo).port}`;
});

after(async () => {
  receiver.closeAllConnections();
  receiver.close();
  await db.$disconnect();
});

const hook = (path: string, events = ['message.received']) =>
  createWebhook(orgId, { name: path, url: `${base}${path}`, events, headers: { 'X-Tenant': 'acme' } });

/** An event and one pending delivery to `webhookId`, written directly: no job runs it, the test does. */
async function pendingDelivery(webhookId: string, at: Date) {
  const eventId = newId('event');
  await db.event.create({ data: { id: eventId, orgId, type: 'message.received', payload: { id: eventId, event: 'message.received' } } });
  return db.webhookDelivery.create({ data: { id: newId('delivery'), orgId, webhookId, eventId, event: 'message.received', nextAttemptAt: at } });
}

describe('webhook deliveries', () => {
  test('the worker delivers an event to each subscribed webhook, signed, with the custom headers', async () => {
    const subscribed = await hook('/ok');
    const other = await hook('/other', ['message.read']);
    const { eventId } = await db.$transaction((tx) => publishEvent(tx, orgId, 'message.received', { message: { id: 'msg_x', content: 'hi' } }));
    const got = await waitFor('the delivery', async () => received.find((r) => r.url === '/ok' && r.body.includes(eventId)));
    const payload = new Webhook(subscribed.secret).verify(got.body, got.headers) as Record<string, any>;
    assert.deepEqual([payload.id, payload.event, payload.message.content], [eventId, 'message.received', 'hi']);
    assert.equal(got.headers['x-tenant'], 'acme');
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { eventId } });
    assert.equal(got.headers['webhook-id'], delivery.id);
    await waitFor(
      'the delivery to succeed',
      async () => (await db.webhookDelivery.findUnique({ where: { id: delivery.id } }))?.state === 'succeeded',
    );
    assert.equal(await db.webhookDelivery.count({ where: { eventId, webhookId: other.id } }), 0);
  });

  test('events published together share one fan-out job; each reaches its subscribers once and is announced live', async () => {
    const otherOrgId = (await createOrg()).id;
    const here = await hook('/ok', ['message.delivered']);
    const there = await createWebhook(otherOrgId, { name: 'other', url: `${base}/ok`, events: ['message.delivered'] });
    const { eventIds } = await db.$transaction((tx) =>
      publishEvents(tx, [
        { orgId, event: 'message.delivered', subject: { message: { id: 'msg_1' } } },
        { orgId: otherOrgId, event: 'message.delivered', subject: { message: { id: 'msg_2' } } },
        { orgId, event: 'message.delivered', subject: { message: { id: 'msg_3' } } },
      ]),
    );
    const fanOut = await db.outboxJob.findFirstOrThrow({ where: { jobId: `events.fan-out-${eventIds[0]}` } });
    assert.deepEqual(fanOut.data, { eventIds });
    const delivered = () => db.webhookDelivery.findMany({ where: { eventId: { in: eventIds }, state: 'succeeded' } });
    const deliveries = await waitFor('three deliveries', async () => (await delivered()).length === 3 && delivered());
    const byEvent = Object.fromEntries(deliveries.map((d) => [d.eventId, d.webhookId]));
    assert.deepEqual(
      eventIds.map((id) => byEvent[id]),
      [here.id, there.id, here.id],
    );
    for (const id of eventIds) assert.equal(await getRedis().exists(redisKey('live', 'announced', id)), 1, id);
    assert.equal(await createEventDeliveries(eventIds), 0, 'a second fan-out creates nothing');
    assert.equal(await db.webhookDelivery.count({ where: { eventId: { in: eventIds } } }), 3);
  });

  test('a refused connection and a time-out are recorded with status code 0', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.77', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await createWebhook(orgId, { name: 'dead', url: `http://127.0.0.77:${port}/`, events: ['message.read'] });
    const outcome = await testWebhook(orgId, refused.id);
    assert.deepEqual([outcome.delivered, outcome.status_code], [false, 0]);
    assert.match(outcome.error ?? '', /ECONNREFUSED/);

    const slow = await hook('/hang');
    const timedOut = await testWebhook(orgId, slow.id, { timeoutMs: 300 });
    assert.deepEqual([timedOut.delivered, timedOut.status_code], [false, 0]);
    assert.match(timedOut.error ?? '', /longer than 300 ms/);
    const recorded = await db.webhookDeliveryAttempt.findFirstOrThrow({ where: { deliveryId: timedOut.delivery_id } });
    assert.equal(recorded.statusCode, 0);
    assert.ok(recorded.durationMs >= 300);
  });

  test('failures are retried on the schedule, then the delivery fails; early runs do nothing', async () => {
    const failing = await hook('/fail');
    // Far in the future, so the follow-up jobs this schedules never come due during the test.
    const t0 = new Date(Date.now() + 365 * 24 * 3600_000);
    const delivery = await pendingDelivery(failing.id, t0);
    let now = t0;
    for (const [index, delay] of attemptDelaysMs.entries()) {
      now = new Date(now.getTime() + delay);
      if (delay > 0) assert.equal(await attemptDelivery(delivery.id, { now: new Date(now.getTime() - 2_000) }), null, 'not due yet');
      const outcome = await attemptDelivery(delivery.id, { now });
      assert.equal(outcome?.attempt, index + 1);
      assert.equal(outcome?.statusCode, 503);
      const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
      const nextDelay = attemptDelaysMs[index + 1];
      assert.equal(row.nextAttemptAt?.getTime() ?? null, nextDelay === undefined ? null : now.getTime() + nextDelay);
      assert.equal(row.state, nextDelay === undefined ? 'failed' : 'pending');
    }
    assert.equal(await attemptDelivery(delivery.id, { now: new Date(now.getTime() + 100 * 3600_000) }), null);
    const attempts = await db.webhookDeliveryAttempt.findMany({ where: { deliveryId: delivery.id }, orderBy: { attempt: 'asc' } });
    assert.deepEqual(
      attempts.map((a) => a.attempt),
      [1, 2, 3, 4, 5, 6, 7, 8],
    );
    assert.ok(attempts.every((a) => a.requestBody === attempts[0]?.requestBody && !a.success));
    // About 28 hours of failures is not yet three days: the webhook stays on.
    assert.equal((await db.webhook.findUniqueOrThrow({ where: { id: failing.id } })).isActive, true);

    // A later delivery that runs out of retries more than three days after the first failure switches it off.
    const later = new Date(t0.getTime() + 4 * 24 * 3600_000);
    const last = await pendingDelivery(failing.id, later);
    await db.webhookDelivery.update({ where: { id: last.id }, data: { attemptCount: 7 } });
    assert.equal((await attemptDelivery(last.id, { now: later }))?.state, 'failed');
    const off = await db.webhook.findUniqueOrThrow({ where: { id: failing.id } });
    assert.equal(off.isActive, false);
    assert.match(off.disabledReason ?? '', /more than 3 days/);
  });

  test('a 410 Gone switches the webhook off at once', async () => {
    const gone = await hook('/gone');
    const delivery = await pendingDelivery(gone.id, new Date());
    const outcome = await attemptDelivery(delivery.id);
    assert.deepEqual([outcome?.statusCode, outcome?.state], [410, 'failed']);
    const row = await db.webhook.findUniqueOrThrow({ where: { id: gone.id } });
    assert.equal(row.isActive, false);
    assert.match(row.disabledReason ?? '', /410 Gone/);
    assert.ok(row.disabledAt);
  });

  test('history older than 7 days is purged', async () => {
    const target = await hook('/ok');
    const old = new Date(Date.now() - 8 * 24 * 3600_000);
    const stale = await pendingDelivery(target.id, old);
    const fresh = await pendingDelivery(target.id, new Date());
    await db.webhookDelivery.update({ where: { id: stale.id }, data: { state: 'succeeded', updatedAt: old } });
    const attempt = (deliveryId: string, createdAt: Date) => ({
      id: newId('attempt'),
      deliveryId,
      webhookId: target.id,
      event: 'message.received',
      attempt: 1,
      statusCode: 204,
      success: true,
      durationMs: 5,
      requestBody: '{}',
      createdAt,
    });
    await db.webhookDeliveryAttempt.createMany({ data: [attempt(stale.id, old), attempt(fresh.id, new Date())] });
    const purged = await purgeExpiredRows();
    assert.ok(purged.webhook_delivery_attempts >= 1 && purged.webhook_deliveries >= 1);
    assert.equal(await db.webhookDelivery.count({ where: { id: stale.id } }), 0);
    assert.equal(await db.webhookDeliveryAttempt.count({ where: { deliveryId: fresh.id } }), 1);
  });
});
