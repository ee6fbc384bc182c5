import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { db } from '@/server/db';
import { createApiKey } from '../api-factories';
import { createOrg } from '../factories';
import { appUrl } from '../support/stack';

/** /v1/webhooks over real HTTP: CRUD, validation, SSRF refusals, tenant isolation, test sends and history. */
let key: string;
let otherKey: string;
let receiver: Server;
let base: string;
const received: Array<{ url: string; headers: Record<string, string>; body: string }> = [];

before(async () => {
  key = (await createApiKey((await createOrg()).id)).key;
  otherKey = (await createApiKey((await createOrg()).id)).key;
  // The test stack lets outbound requests reach 127.0.0.77 only.
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers as Record<string, string>, body });
      if (req.url === '/fail') res.writeHead(500).end('receiver broke');
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.77', resolve));
  base = `http://127.0.0.77:${(receiver.address() as AddressInfo).port}`;
});

after(async () => {
  receiver.close();
  await db.$disconnect();
});

async function api(method: string, path: string, body?: unknown, apiKey = key) {
  const res = await fetch(`${appUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const create = (overrides: Record<string, unknown> = {}, apiKey = key) =>
  api('POST', '/v1/webhooks', { name: 'Orders', url: `${base}/hook`, events: ['message.delivered', 'message.read'], ...overrides }, apiKey);

describe('webhooks API', () => {
  test('the catalogue lists every event with its group and translation keys', async () => {
    const res = await api('GET', '/v1/webhooks/events');
    assert.equal(res.status, 200);
    assert.equal(res.body.has_more, false);
    assert.equal(res.body.data.length, 12);
    assert.ok(res.body.data.some((e: { value: string }) => e.value === 'message.reaction'));
    const reply = res.body.data.find((e: { value: string }) => e.value === 'button.reply');
    assert.deepEqual(Object.keys(reply).sort(), ['description', 'description_key', 'group', 'label', 'label_key', 'value']);
  });

  test('the secret is returned on creation only', async () => {
    const res = await create({ headers: { 'X-Tenant': 'acme' } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.match(res.body.secret, /^whsec_[A-Za-z0-9+/]+={0,2}$/);
    assert.ok(Buffer.from(res.body.secret.slice(6), 'base64').length >= 24);
    assert.deepEqual(res.body.headers, { 'x-tenant': 'acme' });
    assert.equal(res.body.is_active, true);
    const one = await api('GET', `/v1/webhooks/${res.body.id}`);
    assert.equal(one.status, 200);
    assert.equal(one.body.secret, undefined);
    const list = await api('GET', '/v1/webhooks');
    assert.ok(list.body.data.some((w: { id: string }) => w.id === res.body.id));
    assert.ok(list.body.data.every((w: Record<string, unknown>) => !('secret' in w)));
    const supplied = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    assert.equal((await create({ secret: supplied })).body.secret, supplied);
  });

  test('invalid webhooks are refused with the field named', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ events: [] }, 'invalid_parameter', 'events'],
      [{ events: ['message.exploded'] }, 'invalid_parameter', 'events'],
      [{ headers: { Host: 'evil.example' } }, 'invalid_parameter', 'headers'],
      [{ headers: { 'webhook-signature': 'forged' } }, 'invalid_parameter', 'headers'],
      [{ headers: { 'Content-Length': '1' } }, 'invalid_parameter', 'headers'],
      [{ secret: 'plain-text' }, 'invalid_parameter', 'secret'],
      [{ url: 'ftp://example.com/hook' }, 'invalid_parameter', 'url'],
    ];
    for (const [body, code, param] of cases) {
      const res = await create(body);
      assert.equal(res.status, 422, JSON.stringify(body));
      assert.equal(res.body.error.code, code, JSON.stringify(res.body));
      assert.ok(res.body.error.param.startsWith(param), res.body.error.param);
    }
  });

  test('private, loopback, link-local and metadata URLs are refused at create and update', async () => {
    const hosts = [
      '127.0.0.1',
      'localhost',
      '10.0.0.1',
      '172.16.0.1',
      '192.168.0.1',
      '169.254.169.254',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '0.0.0.0',
      '2130706433',
      '0177.0.0.1',
      '100.64.0.1',
      '[fc00::1]',
      '[fe80::1]',
      'app.localhost',
      // IPv6 forms that carry an IPv4 address: IPv4-compatible, NAT64, 6to4.
      '[::127.0.0.1]',
      '[::10.0.0.1]',
      '[64:ff9b::127.0.0.1]',
      '[64:ff9b::a9fe:a9fe]',
      '[2002:7f00:1::]',
      '[2002:a00:1::1]',
    ];
    for (const host of hosts) {
      const res = await create({ url: `http://${host}/hook` });
      assert.equal(res.status, 422, host);
      assert.equal(res.body.error.code, 'url_not_allowed', `${host}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.error.param, 'url');
    }
    const { body } = await create();
    const res = await api('PATCH', `/v1/webhooks/${body.id}`, { url: 'http://169.254.169.254/latest/meta-data' });
    assert.equal(res.body.error.code, 'url_not_allowed');
    const compatible = await api('PATCH', `/v1/webhooks/${body.id}`, { url: 'http://[::127.0.0.1]/' });
    assert.equal(compatible.body.error.code, 'url_not_allowed');
    assert.match(compatible.body.error.message, /loopback/);
  });

  test('URLs over 2,048 characters are refused as invalid_parameter', async () => {
    const long = `https://example.com/${'a'.repeat(2049 - 'https://example.com/'.length)}`;
    const res = await create({ url: long });
    assert.equal(res.status, 422, JSON.stringify(res.body));
    assert.deepEqual([res.body.error.code, res.body.error.param], ['invalid_parameter', 'url']);
    assert.equal((await create({ url: long.slice(0, 2048) })).status, 201);
  });

  test('update is partial, rotates the secret without returning it, and never empties events', async () => {
    const { body: hook } = await create();
    const res = await api('PATCH', `/v1/webhooks/${hook.id}`, { name: 'Renamed', is_active: false });
    assert.equal(res.status, 200);
    assert.equal(res.body.name, 'Renamed');
    assert.equal(res.body.is_active, false);
    assert.deepEqual(res.body.events, hook.events);
    const rotated = `whsec_${Buffer.alloc(24, 9).toString('base64')}`;
    const rotate = await api('PATCH', `/v1/webhooks/${hook.id}`, { secret: rotated });
    assert.equal(rotate.body.secret, undefined);
    const stored = await db.webhook.findUniqueOrThrow({ where: { id: hook.id }, select: { secret: true } });
    assert.equal(stored.secret, rotated);
    assert.equal((await api('PATCH', `/v1/webhooks/${hook.id}`, { events: [] })).body.error.code, 'invalid_parameter');
    await db.webhook.update({ where: { id: hook.id }, data: { disabledReason: 'gone', disabledAt: new Date() } });
    await api('PATCH', `/v1/webhooks/${hook.id}`, { is_active: true });
    const after = await db.webhook.findUniqueOrThrow({ where: { id: hook.id } });
    assert.equal(after.isActive, true);
    assert.equal(after.disabledReason, null);
  });

  test("another organization's webhook is not found, like a deleted one", async () => {
    const { body: hook } = await create();
    for (const [method, path] of [
      ['GET', ''],
      ['PATCH', ''],
      ['DELETE', ''],
      ['POST', '/test'],
      ['GET', '/deliveries'],
    ] as const) {
      const res = await api(method, `/v1/webhooks/${hook.id}${path}`, method === 'PATCH' ? { name: 'x' } : undefined, otherKey);
      assert.equal(res.status, 404, `${method} ${path}`);
      assert.equal(res.body.error.code, 'resource_not_found');
    }
    assert.ok(!(await api('GET', '/v1/webhooks', undefined, otherKey)).body.data.some((w: { id: string }) => w.id === hook.id));
    assert.equal((await api('DELETE', `/v1/webhooks/${hook.id}`)).status, 204);
    assert.equal((await api('GET', `/v1/webhooks/${hook.id}`)).status, 404);
    assert.equal((await api('DELETE', `/v1/webhooks/${hook.id}`)).status, 404);
  });

  test('a test send is signed, recorded in the history, and answers 200 even when the receiver fails', async () => {
    const { body: hook } = await create({ headers: { 'x-tenant': 'acme' } });
    const res = await api('POST', `/v1/webhooks/${hook.id}/test`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.delivered, true);
    assert.equal(res.body.status_code, 200);
    assert.equal(res.body.response_body, 'thanks');
    const got = received.find((r) => r.headers['webhook-id'] === res.body.delivery_id);
    assert.ok(got);
    const payload = new Webhook(hook.secret).verify(got.body, got.headers) as Record<string, unknown>;
    assert.equal(payload.event, 'message.delivered');
    assert.equal(got.headers['x-tenant'], 'acme');
    assert.equal(got.headers['content-type'], 'application/json');

    await api('PATCH', `/v1/webhooks/${hook.id}`, { url: `${base}/fail` });
    const failed = await api('POST', `/v1/webhooks/${hook.id}/test`);
    assert.equal(failed.status, 200);
    assert.deepEqual([failed.body.delivered, failed.body.status_code, failed.body.response_body], [false, 500, 'receiver broke']);
    assert.equal(failed.body.error, 'The receiver answered HTTP 500.');
    assert.equal(res.body.error, null);

    const history = await api('GET', `/v1/webhooks/${hook.id}/deliveries`);
    assert.deepEqual(
      history.body.data.map((a: { delivery_id: string }) => a.delivery_id),
      [failed.body.delivery_id, res.body.delivery_id],
    );
    const [latest, first] = history.body.data;
    assert.deepEqual([latest.attempt, latest.success, latest.status_code, latest.error], [1, false, 500, failed.body.error]);
    assert.equal(first.request_body, got.body);
    assert.equal((await api('GET', `/v1/webhooks/${hook.id}/deliveries?limit=1`)).body.has_more, true);
    assert.equal((await api('GET', `/v1/webhooks/${hook.id}/deliveries?event=message.read`)).body.data.length, 0);
    assert.equal((await api('GET', `/v1/webhooks/${hook.id}/deliveries?event=message.delivered`)).body.data.length, 2);
    assert.equal((await api('GET', `/v1/webhooks/${hook.id}/deliveries?limit=0`)).body.error.code, 'invalid_parameter');
  });
});
