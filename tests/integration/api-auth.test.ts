import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { db } from '@/server/db';
import { seedDemo, type DemoData } from '@/server/seed/seed-demo';
import { appUrl } from '../support/stack';

/**
 * Every authentication condition of the errors table, against the demo data set's keys, over
 * real HTTP: each gets its own code, the envelope, a Request-Id and the right headers.
 */
let demo: DemoData;

before(async () => {
  demo = await seedDemo();
});

after(async () => {
  await db.$disconnect();
});

async function call(path: string, key?: string, init: RequestInit = {}) {
  const res = await fetch(`${appUrl}${path}`, {
    ...init,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...init.headers },
  });
  const text = await res.text();
  return { res, body: text ? JSON.parse(text) : null };
}

async function expectError(path: string, key: string | undefined, status: number, code: string, init?: RequestInit) {
  const { res, body } = await call(path, key, init);
  assert.equal(res.status, status, `${code}: ${JSON.stringify(body)}`);
  assert.equal(body.error.code, code);
  const requestId = res.headers.get('request-id');
  assert.match(requestId ?? '', /^req_/);
  assert.equal(body.error.request_id, requestId);
  assert.equal(body.error.doc_url, `${appUrl}/docs/errors#${code}`);
  assert.ok(body.error.message.length > 0);
  return { res, body };
}

describe('authentication', () => {
  test('GET /v1/me with a full key answers the organization, key and accounts, and no secret', async () => {
    const { res, body } = await call('/v1/me', demo.orgs.acme.keys.full);
    assert.equal(res.status, 200);
    assert.equal(body.organization.id, demo.orgs.acme.id);
    assert.equal(body.organization.slug, 'acme');
    assert.equal(body.api_key.prefix, demo.orgs.acme.keys.full.slice(0, 12));
    assert.equal(body.api_key.rate_limit_per_min, 600);
    assert.ok(body.api_key.scopes.includes('account:read'));
    assert.deepEqual(
      body.messaging_accounts.map((a: { name: string }) => a.name),
      ['main', 'support'],
    );
    const main = body.messaging_accounts[0];
    assert.equal(main.is_default_outgoing, true);
    assert.equal(main.messaging_limit, 250);
    assert.equal(main.messaging_limit_tier, 'TIER_250');
    assert.equal(main.quality_rating, 'GREEN');
    assert.ok(main.limits_synced_at);
    assert.match(res.headers.get('request-id') ?? '', /^req_/);
    const text = JSON.stringify(body);
    assert.ok(!text.includes(demo.orgs.acme.keys.full), 'the key itself is never returned');
    assert.ok(!/access_token|secret|key_hash/.test(text));
  });

  test('GET /v1/accounts lists the accounts most-default first without limits_synced_at', async () => {
    const { res, body } = await call('/v1/accounts', demo.orgs.acme.keys.read_only);
    assert.equal(res.status, 200);
    assert.equal(body.has_more, false);
    assert.deepEqual(
      body.data.map((a: { name: string }) => a.name),
      ['main', 'support'],
    );
    assert.equal(body.data[0].limits_synced_at, undefined);
  });

  test('no key: 401 missing_api_key', async () => {
    await expectError('/v1/me', undefined, 401, 'missing_api_key');
  });
  test('a malformed key: 401 invalid_api_key', async () => {
    await expectError('/v1/me', 'not-a-key', 401, 'invalid_api_key');
  });
  test('a well-formed key never issued: 401 invalid_api_key', async () => {
    await expectError('/v1/me', `msk_live_${'A'.repeat(32)}`, 401, 'invalid_api_key');
  });
  test('a non-Bearer scheme: 401 invalid_api_key', async () => {
    const { res } = await call('/v1/me', undefined, { headers: { authorization: `Basic ${btoa('a:b')}` } });
    assert.equal(res.status, 401);
  });
  test('an expired key: 401 api_key_expired', async () => {
    await expectError('/v1/me', demo.orgs.acme.keys.expired, 401, 'api_key_expired');
  });
  test('a revoked key: 401 api_key_revoked', async () => {
    await expectError('/v1/me', demo.orgs.acme.keys.revoked, 401, 'api_key_revoked');
  });
  test('a switched-off key: 401 api_key_disabled', async () => {
    await expectError('/v1/me', demo.orgs.acme.keys.disabled, 401, 'api_key_disabled');
  });
  test('an older-format key: 401 legacy_api_key', async () => {
    await expectError('/v1/me', demo.orgs.acme.keys.legacy, 401, 'legacy_api_key');
  });

  test('a key restricted to other addresses: 403 ip_not_allowed naming the address seen', async () => {
    const { body } = await expectError('/v1/me', demo.orgs.acme.keys.ip_restricted, 403, 'ip_not_allowed');
    assert.match(body.error.message, /127\.0\.0\.1|::1/);
  });

  test('a forged X-Forwarded-For does not get past an address restriction', async () => {
    await expectError('/v1/me', demo.orgs.acme.keys.ip_restricted, 403, 'ip_not_allowed', {
      headers: { 'x-forwarded-for': '203.0.113.7', 'x-client-address': '203.0.113.7' },
    });
  });

  test('a key without the scope: 403 insufficient_scope naming it', async () => {
    const { body } = await expectError('/v1/me', demo.orgs.acme.keys.send_only, 403, 'insufficient_scope');
    assert.match(body.error.message, /account:read/);
  });

  test('a lapsed subscription: 403 subscription_inactive', async () => {
    await expectError('/v1/me', demo.orgs.lapsed.keys.full, 403, 'subscription_inactive');
  });

  test('an organization without accounts still authenticates', async () => {
    const { res, body } = await call('/v1/me', demo.orgs.noaccount.keys.full);
    assert.equal(res.status, 200);
    assert.deepEqual(body.messaging_accounts, []);
  });

  test('last_used_at is recorded without a write per request', async () => {
    const keyId = (await call('/v1/me', demo.orgs.globex.keys.full)).body.api_key.id;
    const deadline = Date.now() + 10_000;
    let lastUsedAt: Date | null = null;
    while (!lastUsedAt && Date.now() < deadline) {
      lastUsedAt = (await db.apiKey.findUniqueOrThrow({ where: { id: keyId } })).lastUsedAt;
      if (!lastUsedAt) await new Promise((r) => setTimeout(r, 250));
    }
    assert.ok(lastUsedAt, 'written within the flush interval');
  });
});

describe('rate limits', () => {
  test('every authenticated response carries the three headers; the sixth call in a minute is 429', async () => {
    const key = demo.orgs.acme.keys.low_rate;
    for (let i = 0; i < 5; i++) {
      const { res } = await call('/v1/me', key);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('x-ratelimit-limit'), '5');
      assert.equal(res.headers.get('x-ratelimit-remaining'), String(4 - i));
      const reset = Number(res.headers.get('x-ratelimit-reset'));
      assert.ok(reset > Date.now() / 1000 && reset <= Date.now() / 1000 + 61);
    }
    const { res, body } = await expectError('/v1/me', key, 429, 'rate_limited');
    assert.equal(body.error.type, 'rate_limit_error');
    const retryAfter = Number(res.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 60);
    assert.equal(res.headers.get('x-ratelimit-remaining'), '0');
  });

  test('errors after authentication carry the headers too', async () => {
    const { res } = await call('/v1/me', demo.orgs.acme.keys.send_only);
    assert.equal(res.status, 403);
    assert.equal(res.headers.get('x-ratelimit-limit'), '600');
  });
});

describe('responses the framework would make itself', () => {
  test('an unknown /v1 path is a 404 envelope with a Request-Id, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const { body } = await expectError('/v1/no-such-thing', demo.orgs.acme.keys.full, 404, 'resource_not_found', { method });
      assert.match(body.error.message, /\/v1\/no-such-thing/);
    }
    await expectError('/v1/messages/msg_x/nope', undefined, 404, 'resource_not_found');
  });

  test('a known path with a method it does not take is a 405 envelope with a Request-Id and Allow', async () => {
    const { res } = await expectError('/v1/accounts', demo.orgs.acme.keys.full, 405, 'method_not_allowed', { method: 'DELETE' });
    assert.match(res.headers.get('allow') ?? '', /GET/);
    await expectError('/v1/me', undefined, 405, 'method_not_allowed', { method: 'PUT' });
    const options = await fetch(`${appUrl}/v1/me`, { method: 'OPTIONS' });
    assert.equal(options.status, 204);
    assert.equal(options.headers.get('allow'), 'GET, HEAD, OPTIONS');
    assert.match(options.headers.get('request-id') ?? '', /^req_/);
  });

  test('the answers Next.js would make on its own carry a Request-Id, and its bare 500s are envelopes', async () => {
    await expectError('/v1', undefined, 404, 'resource_not_found');
    await expectError('/v1/contacts/%ZZ', demo.orgs.acme.keys.full, 404, 'resource_not_found');
    const redirect = await fetch(`${appUrl}/v1/me/`, { redirect: 'manual' });
    assert.equal(redirect.status, 308);
    assert.match(redirect.headers.get('request-id') ?? '', /^req_/);

    // fetch refuses to send TRACE.
    const trace = await new Promise<{ status?: number; requestId: unknown; body: string }>((resolve, reject) => {
      const req = httpRequest(`${appUrl}/v1/me`, { method: 'TRACE' }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode, requestId: res.headers['request-id'], body }));
      });
      req.on('error', reject);
      req.end();
    });
    assert.equal(trace.status, 405);
    const { error } = JSON.parse(trace.body);
    assert.deepEqual([error.code, error.request_id], ['method_not_allowed', trace.requestId]);
  });
});
