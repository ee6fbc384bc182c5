import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { ApiError } from '@/server/errors/api-error';
import { apiKeyInput, type ApiKeyInput } from '@/server/api-keys/api-key-input';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { displayPrefix, hashApiKey } from '@/server/api-keys/key-format';
import { listApiKeys } from '@/server/api-keys/list-api-keys';
import { revokeApiKey } from '@/server/api-keys/revoke-api-key';
import { setApiKeyEnabled } from '@/server/api-keys/set-api-key-enabled';
import { db } from '@/server/db';
import { OrgAccessError } from '@/server/errors/org-access-error';
import { closeRedis } from '@/server/redis';
import { createOrg, createUser } from '../factories';
import { appUrl } from '../support/stack';

/** Keys issued and managed by the dashboard's domain services, checked against /v1 over real HTTP. */
after(async () => {
  closeRedis();
  await db.$disconnect();
});

async function ownerOfNewOrg() {
  const org = await createOrg();
  const user = await createUser({ memberships: [{ orgId: org.id, role: 'owner' }] });
  return { orgId: org.id, userId: user.id, role: 'owner' as const };
}

const input = (overrides: Partial<ApiKeyInput> = {}): ApiKeyInput =>
  apiKeyInput.parse({ name: 'Orders', scopes: ['account:read'], expiresAt: null, allowedCidrs: [], ...overrides });

async function me(key: string) {
  const res = await fetch(`${appUrl}/v1/me`, { headers: { authorization: `Bearer ${key}` } });
  const body = (await res.json()) as { error?: { code: string } };
  return { status: res.status, code: body.error?.code };
}

describe('API key management', () => {
  test('create returns the key once and stores only its hash', async () => {
    const owner = await ownerOfNewOrg();
    const { key, apiKey } = await createApiKey({ ...owner, input: input({ scopes: ['account:read', 'messages:send'] }) });
    assert.match(key, /^msk_live_[0-9A-Za-z]{32}$/);
    assert.equal(apiKey.prefix, displayPrefix(key));
    assert.equal(apiKey.rateLimitPerMin, 600);
    assert.equal(apiKey.status, 'active');
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id }, omit: { keyHash: false } });
    assert.equal(row.keyHash, hashApiKey(key));
    assert.equal(row.createdById, owner.userId);
    assert.ok(!JSON.stringify(row).includes(key), 'the full key is stored nowhere');
    const [listed] = await listApiKeys(owner.orgId);
    assert.equal(listed?.id, apiKey.id);
    assert.ok(!JSON.stringify(listed).includes(key) && !JSON.stringify(listed).includes(row.keyHash));
    assert.deepEqual(await me(key), { status: 200, code: undefined });
  });

  test('input is validated: addresses as CIDR (stored canonical), expiry in the future, a scope at least', () => {
    assert.deepEqual(input({ allowedCidrs: [' 203.0.113.7 ', '10.0.0.0/8', '2001:db8::/32'] }).allowedCidrs, [
      '203.0.113.7/32',
      '10.0.0.0/8',
      '2001:db8::/32',
    ]);
    assert.equal(apiKeyInput.safeParse({ ...input(), allowedCidrs: ['10.0.0.0/33'] }).success, false);
    assert.equal(apiKeyInput.safeParse({ ...input(), allowedCidrs: ['example.com'] }).success, false);
    assert.equal(apiKeyInput.safeParse({ ...input(), expiresAt: new Date(Date.now() - 1000) }).success, false);
    assert.equal(apiKeyInput.safeParse({ ...input(), scopes: [] }).success, false);
    assert.equal(apiKeyInput.safeParse({ ...input(), scopes: ['everything'] }).success, false);
  });

  test('switching off, on and revoking take effect on /v1 at once, despite its key cache', async () => {
    const owner = await ownerOfNewOrg();
    const { key, apiKey } = await createApiKey({ ...owner, input: input() });
    assert.equal((await me(key)).status, 200); // now cached by the web process
    assert.equal((await setApiKeyEnabled({ ...owner, keyId: apiKey.id, enabled: false })).status, 'switched_off');
    assert.deepEqual(await me(key), { status: 401, code: 'api_key_disabled' });
    assert.equal((await setApiKeyEnabled({ ...owner, keyId: apiKey.id, enabled: true })).status, 'active');
    assert.deepEqual(await me(key), { status: 200, code: undefined });
    assert.equal((await revokeApiKey({ ...owner, keyId: apiKey.id })).status, 'revoked');
    assert.deepEqual(await me(key), { status: 401, code: 'api_key_revoked' });
    await assert.rejects(
      setApiKeyEnabled({ ...owner, keyId: apiKey.id, enabled: true }),
      (e) => e instanceof ApiError && e.code === 'invalid_parameter',
    );
    assert.deepEqual(await me(key), { status: 401, code: 'api_key_revoked' });
  });

  test('allowed addresses and expiry are enforced and shown as the status', async () => {
    const owner = await ownerOfNewOrg();
    const fenced = await createApiKey({ ...owner, input: input({ allowedCidrs: ['10.0.0.0/8'] }) });
    assert.deepEqual(await me(fenced.key), { status: 403, code: 'ip_not_allowed' });
    const expiring = await createApiKey({ ...owner, input: input({ expiresAt: new Date(Date.now() + 60_000) }) });
    await db.apiKey.update({ where: { id: expiring.apiKey.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const statuses = Object.fromEntries((await listApiKeys(owner.orgId)).map((k) => [k.id, k.status]));
    assert.equal(statuses[expiring.apiKey.id], 'expired');
    assert.equal(statuses[fenced.apiKey.id], 'active');
  });

  test('only owners and admins manage keys', async () => {
    const owner = await ownerOfNewOrg();
    const { apiKey } = await createApiKey({ ...owner, input: input() });
    const admin = await createApiKey({ ...owner, role: 'admin', input: input({ name: 'By admin' }) });
    assert.equal(admin.apiKey.status, 'active');
    for (const role of ['agent', 'marketer'] as const) {
      const actor = { ...owner, role };
      await assert.rejects(createApiKey({ ...actor, input: input() }), OrgAccessError);
      await assert.rejects(setApiKeyEnabled({ ...actor, keyId: apiKey.id, enabled: false }), OrgAccessError);
      await assert.rejects(revokeApiKey({ ...actor, keyId: apiKey.id }), OrgAccessError);
    }
    assert.equal((await listApiKeys(owner.orgId)).find((k) => k.id === apiKey.id)?.status, 'active');
  });

  test("another organization's key cannot be managed and looks nonexistent", async () => {
    const owner = await ownerOfNewOrg();
    const stranger = await ownerOfNewOrg();
    const { key, apiKey } = await createApiKey({ ...owner, input: input() });
    const notFound = (e: unknown) => e instanceof ApiError && e.code === 'resource_not_found';
    await assert.rejects(setApiKeyEnabled({ ...stranger, keyId: apiKey.id, enabled: false }), notFound);
    await assert.rejects(revokeApiKey({ ...stranger, keyId: apiKey.id }), notFound);
    await assert.rejects(revokeApiKey({ ...stranger, keyId: 'key_doesnotexist' }), notFound);
    assert.deepEqual(await listApiKeys(stranger.orgId), []);
    assert.deepEqual(await me(key), { status: 200, code: undefined });
  });
});
