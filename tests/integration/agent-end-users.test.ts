import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { createAgentTenant, createSecretKey } from '../agent-factories';
import { agent, assertAgentError, assertRefusedInBoth } from '../support/agent-api';

describe('/agent/v1/end_users', () => {
  let key: string;
  let projectId: string;
  let otherKey: string;

  before(async () => {
    const tenant = await createAgentTenant();
    key = tenant.key;
    projectId = tenant.project.id;
    otherKey = (await createAgentTenant()).key;
  });

  const unique = () => Math.random().toString(36).slice(2, 10);
  const upsert = (body: unknown, as = key, language: 'en' | 'ar' = 'en') => agent('/v1/end_users', { key: as, body, language });

  test('get-or-create by external_id: 201 the first time, 200 and unchanged after, saying what was ignored', async () => {
    const externalId = `cus_${unique()}`;
    const first = await upsert({ external_id: externalId, name: 'Layla', traits: { plan: 'gold', orders: 3 } });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.match(first.body.id, /^eu_/);
    assert.equal(first.body.object, 'end_user');
    assert.deepEqual(first.body.traits, { plan: 'gold', orders: 3 });
    assert.equal(first.body.verified, false);
    assert.equal(first.body.warnings, undefined);

    const again = await upsert({ external_id: externalId, name: 'Someone else' });
    assert.equal(again.status, 200);
    assert.equal(again.body.id, first.body.id);
    assert.equal(again.body.name, 'Layla');
    assert.deepEqual(
      again.body.warnings.map((w: { code: string }) => w.code),
      ['create_params_ignored'],
    );
    const plain = await upsert({ external_id: externalId });
    assert.equal(plain.status, 200);
    assert.equal(plain.body.warnings, undefined, 'nothing was ignored');

    // At once: one row, both answers name it.
    const racing = `race_${unique()}`;
    const both = await Promise.all([upsert({ external_id: racing }), upsert({ external_id: racing })]);
    assert.deepEqual(both.map((r) => r.status).sort(), [200, 201]);
    assert.equal(both[0]!.body.id, both[1]!.body.id);

    for (const ref of [first.body.id, externalId]) {
      const got = await agent(`/v1/end_users/${ref}`, { key });
      assert.equal(got.status, 200);
      assert.equal(got.body.id, first.body.id);
    }
    const list = await agent('/v1/end_users', { key });
    assert.ok(list.body.data.some((u: { id: string }) => u.id === first.body.id));
  });

  test('invalid external ids are refused; phone- and email-like ones pass with a warning', async () => {
    for (const bad of ['', 'has space', 'jane@example.com', 'eu_123', '-lead', 'x'.repeat(129)]) {
      await assertRefusedInBoth((language) => upsert({ external_id: bad }, key, language), 'external_id_invalid', '/external_id');
    }
    const phone = await upsert({ external_id: `9715${Math.floor(10_000_000 + Math.random() * 89_999_999)}` }, key, 'ar');
    assert.equal(phone.status, 201);
    assert.deepEqual(phone.body.warnings[0].code, 'external_id_looks_like_phone');
    assert.equal(phone.body.warnings[0].param, '/external_id');
    assert.match(phone.body.warnings[0].message, /[\u0600-\u06FF]/, 'in the caller’s language');
    const email = await upsert({ external_id: `jane.${unique()}.example.com` });
    assert.equal(email.body.warnings[0].code, 'external_id_looks_like_email');
  });

  test('PATCH changes the name and merges traits; DELETE erases', async () => {
    const created = await upsert({ external_id: `p_${unique()}`, name: 'Omar', traits: { plan: 'basic', city: 'Dubai' } });
    const ref = created.body.id as string;
    const changed = await agent(`/v1/end_users/${ref}`, { key, method: 'PATCH', body: { traits: { plan: 'gold', city: null, vip: true } } });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.deepEqual(changed.body.traits, { plan: 'gold', vip: true });
    assert.equal(changed.body.name, 'Omar');
    const cleared = await agent(`/v1/end_users/${ref}`, { key, method: 'PATCH', body: { name: null } });
    assert.equal(cleared.body.name, null);
    assertAgentError(
      await agent(`/v1/end_users/${ref}`, { key, method: 'PATCH', body: { traits: { nested: { no: 1 } } } }),
      'validation_failed',
      '/traits/nested',
    );

    const erased = await agent(`/v1/end_users/${ref}`, { key, method: 'DELETE' });
    assert.deepEqual(erased.body, { id: ref, object: 'end_user', deleted: true });
    assertAgentError(await agent(`/v1/end_users/${ref}`, { key }), 'resource_not_found');
  });

  test("another project's end user is not found, and end_users:read cannot write", async () => {
    const created = await upsert({ external_id: `iso_${unique()}` });
    for (const ref of [created.body.id, created.body.external_id]) {
      assertAgentError(await agent(`/v1/end_users/${ref}`, { key: otherKey }), 'resource_not_found');
      assertAgentError(await agent(`/v1/end_users/${ref}`, { key: otherKey, method: 'DELETE' }), 'resource_not_found');
    }
    // The same external id in another project is another person.
    const theirs = await upsert({ external_id: created.body.external_id }, otherKey);
    assert.equal(theirs.status, 201);
    assert.notEqual(theirs.body.id, created.body.id);

    const readOnly = await createSecretKey(projectId, { scopes: ['end_users:read'] });
    assert.equal((await agent(`/v1/end_users/${created.body.id}`, { key: readOnly })).status, 200);
    assertAgentError(await upsert({ external_id: 'x1' }, readOnly), 'insufficient_scope');
  });
});
