import assert from 'node:assert/strict';
import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import ipaddr from 'ipaddr.js';
import { before, describe, test } from 'node:test';
import { db } from '@/server/db';
import { agentCall, createAgentTenant, createSecretKey, simKey } from '../agent-factories';
import { agent, assertRefusedInBoth } from '../support/agent-api';

describe('/agent/v1/provider_credentials', () => {
  let key: string;
  let projectId: string;
  let otherKey: string;

  before(async () => {
    const created = await createAgentTenant();
    key = created.key;
    projectId = created.project.id;
    otherKey = (await createAgentTenant()).key;
  });

  const create = (body: Record<string, unknown>, as = key) => agentCall(as, 'POST', '/v1/provider_credentials', body);

  test('a valid key is checked live, stored encrypted and never shown again', async () => {
    const apiKey = simKey();
    const res = await create({ provider: 'openai', name: 'Main OpenAI', api_key: apiKey });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.match(res.body.id, /^pcred_/);
    assert.equal(res.body.object, 'provider_credential');
    assert.equal(res.body.status, 'valid');
    assert.equal(res.body.key_last4, apiKey.slice(-4));
    assert.equal(res.body.base_url, null);

    const row = await db.providerCredential.findUniqueOrThrow({ where: { id: res.body.id } });
    assert.ok(!row.keyCiphertext.includes(apiKey));
    for (const answer of [
      res,
      await agentCall(key, 'GET', `/v1/provider_credentials/${res.body.id}`),
      await agentCall(key, 'GET', '/v1/provider_credentials'),
    ]) {
      assert.ok(!JSON.stringify(answer.body).includes(apiKey));
    }
    const recheck = await agentCall(key, 'POST', `/v1/provider_credentials/${res.body.id}/check`);
    assert.equal(recheck.status, 200);
    assert.equal(recheck.body.status, 'valid');
    assert.ok(!JSON.stringify(recheck.body).includes(apiKey));

    const again = await create({ provider: 'anthropic', name: 'Main OpenAI', api_key: simKey() });
    assert.equal(again.status, 409);
    assert.equal(again.body.error.code, 'name_taken');
  });

  test('a key the provider rejects is credential_invalid and nothing is stored', async () => {
    const res = await create({ provider: 'anthropic', name: 'revoked', api_key: 'sim-revoked' });
    assert.equal(res.status, 422);
    assert.equal(res.body.error.code, 'credential_invalid');
    assert.match(res.body.error.message, /it answered HTTP 401 Unauthorized\.$/);
    assert.equal(await db.providerCredential.count({ where: { projectId, name: 'revoked' } }), 0);
  });

  test('a base URL that redirects is credential_invalid naming the status in English and Arabic, and nothing is stored', async () => {
    const base_url = `${process.env.SHOP_URL!}/moved/v1`;
    const refused = await assertRefusedInBoth(
      (language) =>
        agent('/v1/provider_credentials', { key, language, body: { provider: 'openai_compatible', name: 'moved', api_key: simKey(), base_url } }),
      'credential_invalid',
      '/api_key',
    );
    assert.match(refused.body.error.message, /HTTP 302 Found \(a redirect, which is not followed\)/);
    const arabic = await agent('/v1/provider_credentials', {
      key,
      language: 'ar',
      body: { provider: 'openai_compatible', name: 'moved', api_key: simKey(), base_url },
    });
    assert.match(arabic.body.error.message, /HTTP 302 \(إعادة توجيه لا تُتَّبع\)/);
    assert.equal(await db.providerCredential.count({ where: { projectId, name: 'moved' } }), 0);
  });

  test('a check that cannot run is provider_unavailable and nothing is stored', async () => {
    // The test stack allows 127.0.0.77, where nothing listens on 443.
    const res = await create({ provider: 'openai_compatible', name: 'unreachable', api_key: simKey(), base_url: 'https://127.0.0.77/v1' });
    assert.equal(res.status, 502, JSON.stringify(res.body));
    assert.equal(res.body.error.code, 'provider_unavailable');
    assert.equal(res.body.error.type, 'provider_error');
    assert.equal(await db.providerCredential.count({ where: { projectId, name: 'unreachable' } }), 0);
  });

  test('base URLs must be public https on 443 or 8443', async () => {
    for (const base_url of [
      'https://10.0.0.5/v1',
      'http://api.example.com/v1',
      'https://api.example.com:8080/v1',
      'https://localhost/v1',
      'https://169.254.169.254/',
    ]) {
      const res = await create({ provider: 'openai_compatible', name: 'private', api_key: simKey(), base_url });
      assert.equal(res.status, 422, base_url);
      assert.equal(res.body.error.code, 'url_not_allowed', base_url);
      assert.equal(res.body.error.param, '/base_url');
    }
  });

  test('a host name that resolves to a private address is url_not_allowed too, found when connecting; nothing is stored', async () => {
    // This machine's own name resolves to itself (/etc/hosts): a name the URL rules cannot judge before the lookup.
    const name = hostname();
    const { address } = await lookup(name);
    assert.ok(ipaddr.parse(address).range() !== 'unicast', `${name} resolves to ${address}, not a private address`);
    const res = await create({ provider: 'openai_compatible', name: 'resolves-private', api_key: simKey(), base_url: `https://${name}:8443/v1` });
    assert.deepEqual([res.status, res.body.error.code, res.body.error.param], [422, 'url_not_allowed', '/base_url']);
    assert.equal(await db.providerCredential.count({ where: { projectId, name: 'resolves-private' } }), 0);
  });

  test("another project's credential answers 404; delete removes it; scopes are enforced", async () => {
    const created = await create({ provider: 'openai', name: 'to delete', api_key: simKey() });
    const foreign = await agentCall(otherKey, 'GET', `/v1/provider_credentials/${created.body.id}`);
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.error.code, 'resource_not_found');
    assert.equal((await agentCall(otherKey, 'DELETE', `/v1/provider_credentials/${created.body.id}`)).status, 404);

    const readOnly = await createSecretKey(projectId, { scopes: ['credentials:read'] });
    const refused = await create({ provider: 'openai', name: 'nope', api_key: simKey() }, readOnly);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'insufficient_scope');

    const deleted = await agentCall(key, 'DELETE', `/v1/provider_credentials/${created.body.id}`);
    assert.deepEqual(deleted.body, { id: created.body.id, object: 'provider_credential', deleted: true });
    assert.equal((await agentCall(key, 'GET', `/v1/provider_credentials/${created.body.id}`)).status, 404);
  });
});
