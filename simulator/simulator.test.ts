import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { pino } from 'pino';
import { demoBusinesses } from '../server/seed/demo-world';
import { createPlatformClient, PlatformError, type PlatformClient } from '../server/platform/client';
import { parsePlatformWebhook, type PlatformWebhookItem } from '../server/platform/webhook-payload';
import { verifyPlatformSignature } from '../server/platform/webhook-signature';
import { type RunningSimulator, startSimulator } from './server';

const TOKEN = 'test-token';
const SECRET = 'test-app-secret';
const VERIFY = 'test-verify-token';
const ACME_PHONE = '100000000000001';
const ACME_WABA = '300000000000001';

interface Received {
  raw: string;
  signed: boolean;
  items: PlatformWebhookItem[];
}

/** A stand-in for the app's webhook endpoint. */
function startReceiver() {
  const received: Received[] = [];
  const handshakes: URLSearchParams[] = [];
  const failures = new Map<string, number>(); // body marker -> deliveries still to refuse
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'GET') {
      handshakes.push(url.searchParams);
      const ok = url.searchParams.get('hub.verify_token') === VERIFY;
      res.writeHead(ok ? 200 : 403).end(ok ? url.searchParams.get('hub.challenge') : 'no');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      for (const [marker, left] of failures) {
        if (left > 0 && raw.includes(marker)) {
          failures.set(marker, left - 1);
          res.writeHead(500).end();
          return;
        }
      }
      const signed = verifyPlatformSignature(raw, (req.headers['x-hub-signature-256'] as string | undefined) ?? null, SECRET);
      const parsed = parsePlatformWebhook(JSON.parse(raw));
      assert.ok(parsed.success, `webhook did not parse: ${raw}`);
      received.push({ raw, signed, items: parsed.items });
      res.writeHead(200).end();
    });
  });
  return { server, received, handshakes, failures };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('platform simulator', () => {
  const receiver = startReceiver();
  const logs: string[] = [];
  let sim: RunningSimulator;
  let client: PlatformClient;

  const items = () => receiver.received.flatMap((r) => r.items);
  const statusesOf = (wamid: string) =>
    items().filter((i): i is Extract<PlatformWebhookItem, { kind: 'status' }> => i.kind === 'status' && i.wamid === wamid);
  const messageReplying = (wamid: string) =>
    items().find((i): i is Extract<PlatformWebhookItem, { kind: 'message' }> => i.kind === 'message' && i.contextWamid === wamid);

  async function control(path: string, body?: unknown): Promise<{ status: number; json: any }> {
    const res = await fetch(
      `${sim.url}${path}`,
      body === undefined
        ? {}
        : {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          },
    );
    return { status: res.status, json: await res.json() };
  }

  const promo = (to: string, payload?: string) =>
    client.sendMessage(ACME_PHONE, {
      messaging_product: 'whatsapp',
      to,
      type: 'template',
      template: {
        name: 'promo_offer',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Jo' },
              { type: 'text', text: '10%' },
            ],
          },
          ...(payload
            ? [{ type: 'button' as const, sub_type: 'quick_reply' as const, index: '0', parameters: [{ type: 'payload' as const, payload }] }]
            : []),
        ],
      },
    });

  const expectPlatformError = async (promise: Promise<unknown>, code: number) => {
    const error = await promise.then(
      () => assert.fail('expected a PlatformError'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof PlatformError, String(error));
    assert.equal(error.code, code, error.message);
    return error;
  };

  before(async () => {
    const webhookUrl = `${await listen(receiver.server)}/webhook`;
    sim = await startSimulator({
      port: 0,
      webhookUrl,
      accessToken: TOKEN,
      appSecret: SECRET,
      verifyToken: VERIFY,
      statusDelayMs: 20,
      businesses: demoBusinesses,
      webhookRetryBaseMs: 30,
      logger: pino({ level: 'info' }, { write: (line: string) => void logs.push(line) }),
    });
    client = createPlatformClient({ baseUrl: sim.url, apiVersion: 'v23.0', accessToken: TOKEN });
  });

  after(async () => {
    await sim.close();
    await new Promise((r) => receiver.server.close(r));
  });

  test('performs the verification handshake and sees the challenge echoed', async () => {
    const params = await waitFor(() => receiver.handshakes[0], 'handshake');
    assert.equal(params.get('hub.mode'), 'subscribe');
    assert.equal(params.get('hub.verify_token'), VERIFY);
    assert.match(params.get('hub.challenge') ?? '', /^\d+$/);
    await waitFor(() => logs.some((l) => l.includes('challenge echoed')), 'handshake log');
  });

  test('inbound text: signed, ASCII-escaped webhook that opens the window', async () => {
    const { status, json } = await control('/_sim/inbound', { phone_id: ACME_PHONE, from: '+15550001111', text: 'Grüße 😀', name: 'Ana' });
    assert.equal(status, 200);
    const message = await waitFor(() => items().find((i) => i.kind === 'message' && i.wamid === json.wamid), 'inbound');
    assert.deepEqual(
      { ...message, timestamp: undefined },
      {
        kind: 'message',
        wabaId: ACME_WABA,
        phoneId: ACME_PHONE,
        from: '+15550001111',
        wamid: json.wamid,
        timestamp: undefined,
        type: 'text',
        profileName: 'Ana',
        text: 'Grüße 😀',
      },
    );
    const delivery = receiver.received.find((r) => r.raw.includes(json.wamid))!;
    assert.ok(delivery.signed);
    assert.ok(/^\p{ASCII}*$/u.test(delivery.raw), 'body is ASCII only');
    assert.ok(delivery.raw.includes('Gr\\u00fc\\u00dfe \\ud83d\\ude00'));
  });

  test('text inside the window: sent, delivered, read, all signed', async () => {
    await control('/_sim/inbound', { phone_id: ACME_PHONE, from: '+15550002222', text: 'hi' });
    const { wamid, waId } = await client.sendMessage(ACME_PHONE, {
      messaging_product: 'whatsapp',
      to: '+15550002222',
      type: 'text',
      text: { body: 'hello' },
    });
    assert.match(wamid, /^wamid\.[A-Za-z0-9_-]+$/);
    assert.equal(waId, '15550002222');
    const statuses = await waitFor(() => (statusesOf(wamid).length === 3 ? statusesOf(wamid) : undefined), 'three statuses');
    assert.deepEqual(statuses.map((s) => s.status).sort(), ['delivered', 'read', 'sent']);
    assert.ok(statuses.every((s) => s.recipientId === '15550002222' && s.phoneId === ACME_PHONE));
    assert.ok(receiver.received.filter((r) => r.raw.includes(wamid)).every((r) => r.signed));
  });

  test('reactions: the customer reacts and un-reacts; the business reaction gets only `sent`, or 131009 for an unknown target', async () => {
    const inbound = await control('/_sim/inbound', { phone_id: ACME_PHONE, from: '+15550002299', text: 'hi' });
    const { wamid } = await client.sendMessage(ACME_PHONE, {
      messaging_product: 'whatsapp',
      to: '+15550002299',
      type: 'text',
      text: { body: 'hello' },
    });
    const reactionsTo = (target: string) =>
      items().filter((i): i is Extract<PlatformWebhookItem, { kind: 'reaction' }> => i.kind === 'reaction' && i.targetWamid === target);
    await control('/_sim/react', { wamid, emoji: '👍' });
    await control('/_sim/react', { wamid });
    const reactions = await waitFor(() => (reactionsTo(wamid).length === 2 ? reactionsTo(wamid) : undefined), 'two reactions');
    assert.deepEqual(
      reactions.map((r) => [r.from, r.emoji]),
      [
        ['+15550002299', '👍'],
        ['+15550002299', null],
      ],
    );
    assert.equal((await control('/_sim/react', { wamid: 'wamid.unknown', emoji: '👍' })).status, 404);

    const react = (target: string, emoji: string) =>
      client.sendMessage(ACME_PHONE, {
        messaging_product: 'whatsapp',
        to: '+15550002299',
        type: 'reaction',
        reaction: { message_id: target, emoji },
      });
    const ours = await react(inbound.json.wamid, '❤️');
    await waitFor(() => statusesOf(ours.wamid)[0], 'sent');
    const unknown = await react('wamid.nobody', '❤️');
    const failed = await waitFor(() => statusesOf(unknown.wamid).find((s) => s.status === 'failed'), 'failed status');
    assert.equal(failed.error?.code, 131009);
    await sleep(400);
    assert.deepEqual(
      statusesOf(ours.wamid).map((s) => s.status),
      ['sent'],
    );
  });

  test('text outside the window is accepted, then fails with 131047', async () => {
    const { wamid } = await client.sendMessage(ACME_PHONE, {
      messaging_product: 'whatsapp',
      to: '+15550003333',
      type: 'text',
      text: { body: 'cold' },
    });
    const failed = await waitFor(() => statusesOf(wamid).find((s) => s.status === 'failed'), 'failed status');
    assert.equal(failed.error?.code, 131047);
    await sleep(60);
    assert.equal(statusesOf(wamid).length, 1);
  });

  test('a past customer message told through /_sim/history opens the window from then, with no webhook', async () => {
    const hour = 3600_000;
    const history = (from: string, ago: number) =>
      control('/_sim/history', { phone_id: ACME_PHONE, from, inbound_at: new Date(Date.now() - ago).toISOString() });
    const recent = await history('+15550004444', hour);
    assert.deepEqual([recent.status, recent.json.window_open], [200, true]);
    assert.equal((await history('+15550005555', 30 * hour)).json.window_open, false);
    assert.equal((await history('+15550004444', 30 * hour)).json.window_open, true, 'an older message does not close a newer window');
    assert.equal(
      (await control('/_sim/history', { phone_id: ACME_PHONE, from: '+15550004444', inbound_at: new Date(Date.now() + hour).toISOString() }))
        .status,
      400,
    );
    assert.ok(!receiver.received.some((r) => r.raw.includes('15550004444')), 'the app already has the message: no webhook');

    const { wamid } = await client.sendMessage(ACME_PHONE, {
      messaging_product: 'whatsapp',
      to: '+15550004444',
      type: 'text',
      text: { body: 'warm' },
    });
    const statuses = await waitFor(() => (statusesOf(wamid).length === 3 ? statusesOf(wamid) : undefined), 'three statuses');
    assert.ok(statuses.every((s) => s.status !== 'failed'));
  });

  test('9901 is refused synchronously and is not retryable', async () => {
    const error = await expectPlatformError(promo('+15550009901'), 131026);
    assert.equal(error.retryable, false);
    assert.equal(error.httpStatus, 400);
  });

  test('9903 is delivered but never read', async () => {
    const { wamid } = await promo('+15550019903');
    await waitFor(() => statusesOf(wamid).some((s) => s.status === 'delivered'), 'delivered');
    await sleep(100);
    assert.deepEqual(
      statusesOf(wamid)
        .map((s) => s.status)
        .sort(),
      ['delivered', 'sent'],
    );
  });

  test('9904 is sent, then failed with errors', async () => {
    const { wamid } = await promo('+15550019904');
    const failed = await waitFor(() => statusesOf(wamid).find((s) => s.status === 'failed'), 'failed');
    assert.equal(failed.error?.code, 131026);
    assert.ok(failed.error?.details);
    assert.ok(statusesOf(wamid).some((s) => s.status === 'sent'));
  });

  test('template rules: not approved is 132001, wrong parameter count is 132000', async () => {
    await expectPlatformError(
      client.sendMessage(ACME_PHONE, {
        messaging_product: 'whatsapp',
        to: '+15550004444',
        type: 'template',
        template: { name: 'draft_promo', language: { code: 'en' } },
      }),
      132001,
    );
    const error = await expectPlatformError(
      client.sendMessage(ACME_PHONE, {
        messaging_product: 'whatsapp',
        to: '+15550004444',
        type: 'template',
        template: {
          name: 'order_update',
          language: { code: 'en' },
          components: [{ type: 'body', parameters: [{ type: 'text', text: 'x', parameter_name: 'customer_name' }] }],
        },
      }),
      132000,
    );
    assert.match(error.details ?? '', /localizable_params \(1\).*\(2\)/);
  });

  test('a wrong access token is a 401 with code 190', async () => {
    const bad = createPlatformClient({ baseUrl: sim.url, apiVersion: 'v23.0', accessToken: 'nope' });
    const error = await expectPlatformError(bad.getPhoneNumber(ACME_PHONE), 190);
    assert.equal(error.httpStatus, 401);
    assert.equal(error.retryable, false);
  });

  test('listTemplates follows paging; getPhoneNumber returns the tier', async () => {
    const templates = await client.listTemplates(ACME_WABA);
    assert.deepEqual(
      templates.map((t) => t.name),
      demoBusinesses[0]!.templates.map((t) => t.name),
    );
    const page = await fetch(`${sim.url}/v23.0/${ACME_WABA}/message_templates?limit=2`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const body = (await page.json()) as { data: unknown[]; paging: { next?: string; cursors: { after: string } } };
    assert.equal(body.data.length, 2);
    assert.ok(body.paging.next?.includes(`after=${body.paging.cursors.after}`));
    const phone = await client.getPhoneNumber('200000000000001');
    assert.equal(phone.messaging_limit_tier, 'TIER_2K');
    assert.equal(phone.quality_rating, 'GREEN');
    assert.equal(phone.throughput_level, 'STANDARD');
  });

  test('tap delivers a button message with the sent payload, else the label', async () => {
    const { wamid } = await promo('+15550005555', 'YES_42');
    const first = await control('/_sim/tap', { wamid, button_index: 0 });
    assert.equal(first.status, 200);
    const reply = await waitFor(() => messageReplying(wamid), 'button reply');
    assert.deepEqual(reply.button, { payload: 'YES_42', text: 'Yes please' });
    assert.equal(reply.type, 'button');
    assert.equal(reply.from, '+15550005555');
    assert.equal(reply.wamid, first.json.wamid);

    const other = await promo('+15550006666');
    await control('/_sim/tap', { wamid: other.wamid, button_index: 1 });
    assert.deepEqual((await waitFor(() => messageReplying(other.wamid), 'second tap')).button, { payload: 'Stop', text: 'Stop' });
    assert.equal((await control('/_sim/tap', { wamid, button_index: 5 })).status, 400);
  });

  test('control API: bad input, sent log, template and quality updates', async () => {
    assert.equal((await control('/_sim/inbound', { phone_id: ACME_PHONE })).status, 400);
    const sent = await control('/_sim/sent?to=15550005555');
    assert.equal(sent.json.data[0].body.template.name, 'promo_offer');

    await control('/_sim/templates/welcome', { status: 'PAUSED' });
    const update = await waitFor(() => items().find((i) => i.kind === 'template_status'), 'template webhook');
    assert.deepEqual([update.kind === 'template_status' && update.name, update.wabaId], ['welcome', '300000000000002']);
    await expectPlatformError(
      client.sendMessage('200000000000001', {
        messaging_product: 'whatsapp',
        to: '+15550007777',
        type: 'template',
        template: { name: 'welcome', language: { code: 'en' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Sam' }] }] },
      }),
      132015,
    );

    const tier = await control('/_sim/phone-numbers/200000000000001', { messaging_limit_tier: 'TIER_10K' });
    assert.equal(tier.json.messaging_limit_tier, 'TIER_10K');
    const quality = await waitFor(() => items().find((i) => i.kind === 'phone_quality'), 'quality webhook');
    assert.deepEqual(quality, {
      kind: 'phone_quality',
      wabaId: '300000000000002',
      displayPhoneNumber: '15550200001',
      event: 'UPGRADE',
      currentLimit: 'TIER_10K',
    });
    assert.equal((await client.getPhoneNumber('200000000000001')).messaging_limit_tier, 'TIER_10K');
  });

  test('media: upload, look up, download; mismatched type is 131053', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.4 fake');
    const { id } = await client.uploadMedia(ACME_PHONE, { bytes, mimeType: 'application/pdf', filename: 'invoice.pdf' });
    const info = await client.getMedia(id);
    assert.equal(info.mime_type, 'application/pdf');
    assert.equal(info.file_size, bytes.length);
    const download = await client.downloadMedia(info.url);
    assert.deepEqual(download.bytes, bytes);
    assert.equal((await fetch(info.url)).status, 401);
    await expectPlatformError(client.uploadMedia(ACME_PHONE, { bytes, mimeType: 'image/png', filename: 'invoice.pdf' }), 131053);
    await expectPlatformError(
      client.sendMessage(ACME_PHONE, { messaging_product: 'whatsapp', to: '+15550002222', type: 'image', image: { id } }),
      131053,
    );
  });

  test('fresh phone ids are provisioned; throughput and pair rate are enforced', async () => {
    const phone = await client.getPhoneNumber('555000111');
    assert.deepEqual([phone.quality_rating, phone.messaging_limit_tier], ['GREEN', 'TIER_250']);
    const send = (to: string) =>
      client.sendMessage('555000111', {
        messaging_product: 'whatsapp',
        to,
        type: 'template',
        template: { name: 'draft_promo', language: { code: 'en' } },
      });
    await control('/_sim/templates/draft_promo', { status: 'APPROVED', waba_id: 'auto-555000111' });
    const burst = await Promise.allSettled(Array.from({ length: 46 }, () => send('+15550008888')));
    const pairError = burst.find((r) => r.status === 'rejected');
    assert.ok(pairError && pairError.reason instanceof PlatformError);
    assert.equal(pairError.reason.code, 131056);
    assert.equal(pairError.reason.retryable, true);
    // Batches of 100 to distinct users until the 80/s bucket runs dry, so a slow machine cannot refill it in time.
    let throughputError: PromiseRejectedResult | undefined;
    for (let batch = 0; batch < 10 && !throughputError; batch += 1) {
      const spread = await Promise.allSettled(
        Array.from({ length: 100 }, (_, i) => send(`+1555${String(batch * 100 + i).padStart(4, '0')}9902`)),
      );
      throughputError = spread.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    }
    assert.ok(throughputError && throughputError.reason instanceof PlatformError);
    assert.equal(throughputError.reason.code, 130429);
  });

  test('a held send gets no answer while its sender waits, and is taken or dropped as the hold says', async () => {
    const heldSend = async (to: string, accepted: boolean) => {
      assert.deepEqual((await control('/_sim/hold', { to, accepted })).json, { to: to.slice(1), accepted });
      const sender = new AbortController();
      const request = fetch(`${sim.url}/v23.0/${ACME_PHONE}/messages`, {
        method: 'POST',
        signal: sender.signal,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messaging_product: 'whatsapp', to, type: 'text', text: { body: 'hi' }, biz_opaque_callback_data: `msg-${to}` }),
      }).then(
        () => 'answered',
        () => 'no answer',
      );
      const held = await waitFor(
        async () => (await control('/_sim/held')).json.data.find((h: { callback: string }) => h.callback === `msg-${to}`),
        'the held send',
      );
      assert.deepEqual([held.to, held.accepted], [to.slice(1), accepted]);
      sender.abort(); // the sender goes away, as a killed worker's connection does
      assert.equal(await request, 'no answer');
      await waitFor(async () => (await control('/_sim/held')).json.data.length === 0 || undefined, 'the hold to end');
      return (await control(`/_sim/sent?to=${to}`)).json.data;
    };
    const taken = await heldSend('+15550004441', true);
    assert.equal(taken.length, 1);
    await waitFor(() => statusesOf(taken[0].wamid)[0], 'statuses of the taken send');
    assert.deepEqual(await heldSend('+15550004442', false), []);
    // A hold applies once: the next send to that recipient is answered.
    const next = await client.sendMessage(ACME_PHONE, {
      messaging_product: 'whatsapp',
      to: '+15550004442',
      type: 'text',
      text: { body: 'again' },
    });
    assert.match(next.wamid, /^wamid\./);
  });

  test('a refused webhook delivery is retried', async () => {
    receiver.failures.set('retry-me', 2);
    const { json } = await control('/_sim/inbound', { phone_id: ACME_PHONE, from: '+15550009999', text: 'retry-me' });
    await waitFor(() => items().find((i) => i.kind === 'message' && i.wamid === json.wamid), 'retried delivery');
    assert.equal(receiver.failures.get('retry-me'), 0);
  });
});
