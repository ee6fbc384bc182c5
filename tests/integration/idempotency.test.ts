import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { db } from '@/server/db';
import { seedDemo } from '@/server/seed/seed-demo';
import { appUrl, randomPhone } from '../support/stack';

/** Idempotency-Key on a POST (here POST /v1/contacts): replay, conflicts, concurrency. */
let key: string;
let otherKey: string;

before(async () => {
  const demo = await seedDemo();
  key = demo.orgs.acme.keys.full;
  otherKey = demo.orgs.acme.keys.low_rate;
});

after(async () => {
  await db.$disconnect();
});

function createContact(body: unknown, idempotencyKey?: string, apiKey = key) {
  return fetch(`${appUrl}/v1/contacts`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${apiKey}`,
      'content-type': 'application/json',
      ...(idempotencyKey !== undefined ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: JSON.stringify(body),
  });
}

describe('Idempotency-Key', () => {
  test('a retry with the same key and body replays the first answer and creates nothing new', async () => {
    const idem = randomUUID();
    const body = { phone_number: randomPhone(), name: 'Ida Empotent' };
    const first = await createContact(body, idem);
    assert.equal(first.status, 201);
    const created = await first.json();

    // Same body with keys in another order is the same request.
    const replay = await createContact({ name: body.name, phone_number: body.phone_number }, idem);
    assert.equal(replay.status, 201);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(await replay.json(), created);
    assert.equal(await db.contact.count({ where: { phoneNumber: created.phone_number } }), 1);
  });

  test('the same key with a different body is 409 idempotency_key_reused', async () => {
    const idem = randomUUID();
    assert.equal((await createContact({ phone_number: randomPhone() }, idem)).status, 201);
    const reused = await createContact({ phone_number: randomPhone() }, idem);
    assert.equal(reused.status, 409);
    assert.equal((await reused.json()).error.code, 'idempotency_key_reused');
  });

  test('errors are replayed too (4xx is a result), and keys are scoped to the API key', async () => {
    const idem = randomUUID();
    const phone = randomPhone();
    assert.equal((await createContact({ phone_number: phone }, idem)).status, 201);
    const clash = await createContact({ phone_number: phone }, randomUUID());
    assert.equal(clash.status, 409);
    assert.equal((await clash.json()).error.code, 'contact_exists');
    // Another key may use the same Idempotency-Key value for its own request.
    const other = await createContact({ phone_number: randomPhone() }, idem, otherKey);
    assert.equal(other.status, 201);
  });

  test('concurrent requests with one key run the work once', async () => {
    const idem = randomUUID();
    const body = { phone_number: randomPhone(), name: 'Concurrent' };
    const responses = await Promise.all(Array.from({ length: 12 }, () => createContact(body, idem)));
    const outcomes = await Promise.all(
      responses.map(async (r) => ({ status: r.status, replayed: r.headers.get('idempotent-replayed'), body: await r.json() })),
    );
    const executed = outcomes.filter((o) => o.status === 201 && o.replayed === null);
    assert.equal(executed.length, 1, `exactly one request ran: ${JSON.stringify(outcomes.map((o) => o.status))}`);
    for (const o of outcomes) {
      if (o.status === 201) assert.equal(o.body.id, executed[0]?.body.id);
      else {
        assert.equal(o.status, 409);
        assert.equal(o.body.error.code, 'idempotency_in_progress');
      }
    }
    assert.equal(await db.contact.count({ where: { phoneNumber: executed[0]?.body.phone_number } }), 1);
  });

  test('a key longer than 255 characters is refused', async () => {
    const res = await createContact({ phone_number: randomPhone() }, 'k'.repeat(256));
    assert.equal(res.status, 422);
    const body = await res.json();
    assert.equal(body.error.code, 'invalid_parameter');
    assert.equal(body.error.param, 'Idempotency-Key');
  });
});

describe('request bodies', () => {
  test('invalid JSON is 400 invalid_json', async () => {
    const res = await fetch(`${appUrl}/v1/contacts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{"phone_number":',
    });
    assert.equal(res.status, 400);
    assert.equal((await res.json()).error.code, 'invalid_json');
  });

  test('a body over 1 MiB is 413 request_too_large', async () => {
    const res = await createContact({ phone_number: randomPhone(), name: 'x'.repeat(1024 * 1024) });
    assert.equal(res.status, 413);
    assert.equal((await res.json()).error.code, 'request_too_large');
  });

  test('an unknown field is 400 unknown_field naming it', async () => {
    const res = await createContact({ phone_number: randomPhone(), nickname: 'Bob' });
    assert.equal(res.status, 400);
    const body = await res.json();
    assert.equal(body.error.code, 'unknown_field');
    assert.equal(body.error.param, 'nickname');
  });
});
