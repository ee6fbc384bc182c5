import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { db } from '@/server/db';
import { publishEvent } from '@/server/webhook-events/publish-event';
import { seedDemo, type DemoData } from '@/server/seed/seed-demo';
import { createWebhook } from '@/server/webhooks/create-webhook';
import { resendDelivery } from '@/server/webhooks/resend-delivery';
import { testWebhook } from '@/server/webhooks/test-webhook';
import { appUrl, randomPhone, simulator } from '../support/stack';
import { waitFor } from '../support/wait-for';

/** callback_url deliveries of button.reply, and a slow receiver not holding up a healthy one. */
let demo: DemoData;
let receiver: Server;
let base: string;
const received: Array<{ url: string; headers: Record<string, string>; body: string; at: number }> = [];

before(async () => {
  demo = await seedDemo();
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers as Record<string, string>, body, at: Date.now() });
      if (req.url === '/slow') setTimeout(() => res.writeHead(200).end(), 4_000);
      else res.writeHead(200).end('ok');
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

describe('callback URLs and isolation', () => {
  test('a tap on a template sent with callback_url is delivered there, unsigned', async () => {
    const res = await fetch(`${appUrl}/v1/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo.orgs.acme.keys.full}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        to: randomPhone(),
        type: 'template',
        reference: 'cb-1',
        callback_url: `${base}/callback`,
        template: { name: 'promo_offer', parameters: { '1': 'Pat', '2': '5%' }, button_parameters: { '0': 'WANTS_PROMO' } },
      }),
    });
    const message = await res.json();
    assert.equal(res.status, 201, JSON.stringify(message));
    const row = await waitFor('the send', () => db.message.findFirst({ where: { id: message.id, wamid: { not: null } } }));
    await simulator('/_sim/tap', { wamid: row.wamid, button_index: 0 });
    const got = await waitFor('the callback', async () => received.find((r) => r.url === '/callback'), 20_000);
    const payload = JSON.parse(got.body);
    assert.equal(payload.event, 'button.reply');
    assert.deepEqual(payload.button, { id: 'WANTS_PROMO', text: 'Yes please' });
    assert.equal(payload.in_reply_to.message_id, message.id);
    assert.equal(payload.in_reply_to.reference, 'cb-1');
    assert.equal(got.headers['webhook-signature'], undefined);
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { id: got.headers['webhook-id'] } });
    assert.deepEqual([delivery.webhookId, delivery.targetUrl], [null, `${base}/callback`]);
  });

  test('resending a delivery starts a new attempt chain under the same delivery id', async () => {
    const orgId = demo.orgs.acme.id;
    const hook = await createWebhook(orgId, { name: 'resend', url: `${base}/resend`, events: ['message.read'] });
    const first = await testWebhook(orgId, hook.id);
    await resendDelivery(orgId, hook.id, first.delivery_id);
    const attempts = await waitFor('the resent attempt', async () => {
      const rows = await db.webhookDeliveryAttempt.findMany({ where: { deliveryId: first.delivery_id }, orderBy: { attempt: 'asc' } });
      return rows.length === 2 && rows;
    });
    assert.deepEqual(
      attempts.map((a) => [a.attempt, a.success]),
      [
        [1, true],
        [2, true],
      ],
    );
    assert.equal(received.filter((r) => r.headers['webhook-id'] === first.delivery_id).length, 2);
  });

  test('a slow receiver does not delay deliveries to a healthy one', async () => {
    const orgId = demo.orgs.acme.id;
    for (const path of ['/slow', '/fast']) {
      await createWebhook(orgId, { name: path, url: `${base}${path}`, events: ['campaign.throttled'] });
    }
    const started = Date.now();
    for (let i = 0; i < 30; i += 1) {
      await db.$transaction((tx) => publishEvent(tx, orgId, 'campaign.throttled', { campaign: { id: `cmp_${i}` } }));
    }
    await waitFor('30 fast deliveries', async () => received.filter((r) => r.url === '/fast').length >= 30, 10_000);
    const fastDone = Math.max(...received.filter((r) => r.url === '/fast').map((r) => r.at));
    // The slow receiver answers after 4 s and gets a few deliveries at a time: its 30 take well over 20 s.
    assert.ok(fastDone - started < 5_000, `the healthy receiver got everything after ${fastDone - started} ms`);
  });
});
