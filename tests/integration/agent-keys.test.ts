import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { hashApiKey } from '@/server/api-keys/key-format';
import { db } from '@/server/db';
import { createAgentKey, createAgentProject } from '../agent-factories';
import { createOrg, createUser } from '../factories';
import { agent, assertAgentError, assertRefusedInBoth } from '../support/agent-api';
import { sessionCookie } from '../support/dashboard-session';

/**
 * Projects and API keys of the agent service over HTTP: who may reach them (keys, the dashboard
 * cookie with X-Project-Id), lists, idempotent creation, and keys that stop working at once
 * when revoked or rolled.
 */
after(async () => {
  await db.$disconnect();
});

async function memberOf(role: 'owner' | 'admin' | 'agent' | 'marketer' = 'owner') {
  const org = await createOrg();
  const user = await createUser({ memberships: [{ orgId: org.id, role }] });
  const project = await createAgentProject(org.id);
  return { org, project, cookie: await sessionCookie(user) };
}

const secretBody = { type: 'secret', name: 'Server', scopes: ['agents:read', 'keys:write'] };
const publishableBody = { type: 'publishable', name: 'Widget', allowed_origins: ['https://shop.example', 'http://localhost:5173'] };

describe('projects', () => {
  test('created with a unique name (name_taken), listed in pages with first_id/last_id/after/before', async () => {
    const { org, cookie } = await memberOf();
    const created = await agent('/v1/projects', { cookie, body: { name: 'Support bot' } });
    assert.equal(created.status, 201);
    assert.match(created.body.id, /^prj_/);
    assert.deepEqual([created.body.object, created.body.name, created.body.ai_paused], ['project', 'Support bot', false]);
    assert.ok(!Number.isNaN(Date.parse(created.body.created_at)));
    await assertRefusedInBoth((language) => agent('/v1/projects', { language, cookie, body: { name: 'Support bot' } }), 'name_taken', '/name');

    for (const name of ['B', 'C', 'D']) await agent('/v1/projects', { cookie, body: { name } });
    const first = await agent('/v1/projects?limit=2', { cookie });
    assert.deepEqual([first.body.object, first.body.data.length, first.body.has_more], ['list', 2, true]);
    assert.deepEqual(
      first.body.data.map((p: { name: string }) => p.name),
      ['D', 'C'],
    );
    assert.equal(first.body.first_id, first.body.data[0].id);
    const next = await agent(`/v1/projects?limit=2&after=${first.body.last_id}`, { cookie });
    assert.deepEqual(
      next.body.data.map((p: { name: string }) => p.name),
      ['B', 'Support bot'],
    );
    assert.equal(next.body.has_more, true, 'the project the factory made is older still');
    const back = await agent(`/v1/projects?limit=2&before=${next.body.first_id}`, { cookie });
    assert.deepEqual(
      back.body.data.map((p: { name: string }) => p.name),
      ['D', 'C'],
    );

    await assertRefusedInBoth(
      (language) => agent(`/v1/projects?after=${first.body.last_id}&before=${first.body.first_id}`, { language, cookie }),
      'invalid_cursor',
    );
    const stranger = await createAgentProject((await createOrg()).id);
    await assertRefusedInBoth((language) => agent(`/v1/projects?after=${stranger.id}`, { language, cookie }), 'invalid_cursor', 'after');
    await assertRefusedInBoth((language) => agent('/v1/projects?limit=500', { language, cookie }), 'invalid_parameter', 'limit');
    assert.equal(await db.agentProject.count({ where: { orgId: org.id } }), 5);
  });

  test('Idempotency-Key: a retry replays the answer, another body is idempotency_key_reused, a bad key invalid_idempotency_key', async () => {
    const { org, cookie } = await memberOf();
    const headers = { 'idempotency-key': `create-${org.id}` };
    const first = await agent('/v1/projects', { cookie, headers, body: { name: 'Once' } });
    const replay = await agent('/v1/projects', { cookie, headers, body: { name: 'Once' } });
    assert.equal(replay.status, 201);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.body.id, first.body.id);
    assert.equal(await db.agentProject.count({ where: { orgId: org.id, name: 'Once' } }), 1);
    await assertRefusedInBoth(
      (language) => agent('/v1/projects', { language, cookie, headers, body: { name: 'Twice' } }),
      'idempotency_key_reused',
      'Idempotency-Key',
    );
    await assertRefusedInBoth(
      (language) => agent('/v1/projects', { language, cookie, headers: { 'idempotency-key': 'k'.repeat(256) }, body: { name: 'X' } }),
      'invalid_idempotency_key',
      'Idempotency-Key',
    );
  });

  test('marketers read projects but cannot create them; keys cannot reach organization routes', async () => {
    const { project, cookie } = await memberOf('marketer');
    assert.equal((await agent('/v1/projects', { cookie })).status, 200);
    await assertRefusedInBoth((language) => agent('/v1/projects', { language, cookie, body: { name: 'Nope' } }), 'permission_denied');
    const { key } = await createAgentKey(project.id);
    await assertRefusedInBoth((language) => agent('/v1/projects', { language, key }), 'principal_not_allowed');
  });
});

describe('API keys from the dashboard', () => {
  test('a secret key is shown once, stored as a hash, listed without it, and works at once', async () => {
    const { project, cookie } = await memberOf('admin');
    const created = await agent('/v1/api_keys', { cookie, project: project.id, body: secretBody });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.match(created.body.key, /^agk_live_[0-9A-Za-z]{32}$/);
    assert.deepEqual(
      [created.body.object, created.body.type, created.body.permissions, created.body.scopes, created.body.status],
      ['api_key', 'secret', null, ['agents:read', 'keys:write'], 'active'],
    );
    const row = await db.agentApiKey.findUniqueOrThrow({ where: { id: created.body.id } });
    assert.equal(row.keyHash, hashApiKey(created.body.key));
    const listed = await agent('/v1/api_keys', { cookie, project: project.id });
    assert.equal(listed.body.data[0].id, created.body.id);
    assert.ok(!JSON.stringify(listed.body).includes(created.body.key), 'never the key again');
    assert.equal((await agent('/v1/api_keys', { key: created.body.key })).status, 200);

    const all = await agent('/v1/api_keys', { cookie, project: project.id, body: { type: 'secret', name: 'All', permissions: 'all' } });
    assert.deepEqual([all.body.permissions, all.body.scopes], ['all', []]);
    const pub = await agent('/v1/api_keys', { cookie, project: project.id, body: publishableBody });
    assert.match(pub.body.key, /^agpk_live_/);
    assert.deepEqual(pub.body.allowed_origins, publishableBody.allowed_origins);
  });

  test('publishable keys need allowed origins of the form scheme://host[:port]; scopes come from the catalogue', async () => {
    const { project, cookie } = await memberOf();
    const send = (body: unknown) => (language: 'en' | 'ar') => agent('/v1/api_keys', { language, cookie, project: project.id, body });
    await assertRefusedInBoth(send({ type: 'publishable', name: 'W' }), 'allowed_origins_required', '/allowed_origins');
    await assertRefusedInBoth(send({ type: 'publishable', name: 'W', allowed_origins: [] }), 'allowed_origins_required', '/allowed_origins');
    for (const bad of ['https://shop.example/', 'ftp://shop.example', 'https://shop.example/path', '*.shop.example']) {
      await assertRefusedInBoth(
        send({ ...publishableBody, allowed_origins: ['https://ok.example', bad] }),
        'allowed_origins_required',
        '/allowed_origins/1',
      );
    }
    await assertRefusedInBoth(send({ ...secretBody, scopes: ['agents:read', 'everything'] }), 'validation_failed', '/scopes/1');
    await assertRefusedInBoth(send({ type: 'secret', name: 'S' }), 'validation_failed', '/scopes');
    await assertRefusedInBoth(send({ ...secretBody, permissions: 'all' }), 'validation_failed', '/permissions');
    await assertRefusedInBoth(send({ ...secretBody, expires_at: '2020-01-01T00:00:00Z' }), 'validation_failed', '/expires_at');
    await assertRefusedInBoth(send({ ...secretBody, colour: 'blue' }), 'unknown_field', '/colour');
  });

  test('cookie requests need X-Project-Id of a project of theirs, from the app origin', async () => {
    const { cookie } = await memberOf();
    await assertRefusedInBoth((language) => agent('/v1/api_keys', { language, cookie }), 'project_required', 'X-Project-Id');
    const foreign = await createAgentProject((await createOrg()).id);
    await assertRefusedInBoth(
      (language) => agent('/v1/api_keys', { language, cookie, project: foreign.id }),
      'project_not_found',
      'X-Project-Id',
    );
    await assertRefusedInBoth(
      (language) => agent('/v1/api_keys', { language, cookie: 'next-auth.session-token=forged' }),
      'authentication_required',
    );
    const { project, cookie: own } = await memberOf();
    await assertRefusedInBoth(
      (language) =>
        agent('/v1/api_keys', { language, cookie: own, project: project.id, body: secretBody, headers: { origin: 'https://evil.example' } }),
      'csrf_check_failed',
    );
  });

  test('marketers cannot manage keys (permission_denied)', async () => {
    const { project, cookie } = await memberOf('marketer');
    await assertRefusedInBoth((language) => agent('/v1/api_keys', { language, cookie, project: project.id }), 'permission_denied');
  });
});

describe('API keys used as credentials', () => {
  test('a key with keys:write creates publishable keys only; without the scope, insufficient_scope', async () => {
    const { project } = await memberOf();
    const { key } = await createAgentKey(project.id, { scopes: ['keys:write'] });
    const pub = await agent('/v1/api_keys', { key, body: publishableBody });
    assert.equal(pub.status, 201);
    await assertRefusedInBoth((language) => agent('/v1/api_keys', { language, key, body: secretBody }), 'insufficient_scope');
    const { key: reader } = await createAgentKey(project.id, { scopes: ['agents:read'] });
    const refused = await assertRefusedInBoth((language) => agent('/v1/api_keys', { language, key: reader }), 'insufficient_scope');
    assert.match(refused.body.error.message, /keys:write/);
  });

  test('mistyped, expired and revoked keys are invalid_api_key; no key is authentication_required', async () => {
    const { project } = await memberOf();
    const expired = await createAgentKey(project.id, { expiresAt: new Date(Date.now() - 1000) });
    const revoked = await createAgentKey(project.id, { revokedAt: new Date() });
    for (const key of ['agk_live_short', `agk_live_${'Z'.repeat(32)}`, expired.key, revoked.key]) {
      await assertRefusedInBoth((language) => agent('/v1/api_keys', { language, key }), 'invalid_api_key');
    }
    await assertRefusedInBoth((language) => agent('/v1/api_keys', { language, headers: { origin: null } }), 'authentication_required');
  });

  test('a publishable key cannot reach a server route (principal_not_allowed); another project in X-Project-Id is project_mismatch', async () => {
    const { project } = await memberOf();
    const pub = await createAgentKey(project.id, { type: 'publishable', allowedOrigins: ['https://shop.example'] });
    await assertRefusedInBoth(
      (language) => agent('/v1/api_keys', { language, key: pub.key, headers: { origin: 'https://shop.example' } }),
      'principal_not_allowed',
    );
    const { key } = await createAgentKey(project.id);
    const other = await createAgentProject(project.orgId);
    await assertRefusedInBoth((language) => agent('/v1/api_keys', { language, key, project: other.id }), 'project_mismatch', 'X-Project-Id');
    assert.equal((await agent('/v1/api_keys', { key, project: project.id })).status, 200);
  });

  test("revoking stops the key on the next request; rolling replaces it; another project's key is not found", async () => {
    const { project, cookie } = await memberOf();
    const target = await createAgentKey(project.id);
    assert.equal((await agent('/v1/api_keys', { key: target.key })).status, 200, 'cached as valid');
    const revoked = await agent(`/v1/api_keys/${target.id}`, { cookie, project: project.id, method: 'DELETE' });
    assert.deepEqual([revoked.status, revoked.body.status], [200, 'revoked']);
    assertAgentError(await agent('/v1/api_keys', { key: target.key }), 'invalid_api_key');

    const old = await createAgentKey(project.id, { scopes: ['keys:write', 'agents:read'] });
    assert.equal((await agent('/v1/api_keys', { key: old.key })).status, 200);
    const rolled = await agent(`/v1/api_keys/${old.id}/roll`, { cookie, project: project.id, method: 'POST' });
    assert.equal(rolled.status, 201, JSON.stringify(rolled.body));
    assert.notEqual(rolled.body.id, old.id);
    assert.deepEqual(rolled.body.scopes, ['keys:write', 'agents:read']);
    await assertRefusedInBoth((language) => agent('/v1/api_keys', { language, key: old.key }), 'invalid_api_key');
    assert.equal((await agent('/v1/api_keys', { key: rolled.body.key })).status, 200);
    await assertRefusedInBoth(
      (language) => agent(`/v1/api_keys/${old.id}/roll`, { language, cookie, project: project.id, method: 'POST' }),
      'resource_not_found',
    );

    const elsewhere = await memberOf();
    const theirs = await createAgentKey(elsewhere.project.id);
    const { key: admin } = await createAgentKey(project.id);
    await assertRefusedInBoth((language) => agent(`/v1/api_keys/${theirs.id}`, { language, key: admin, method: 'DELETE' }), 'resource_not_found');
    await assertRefusedInBoth(
      (language) => agent(`/v1/api_keys/${theirs.id}/roll`, { language, cookie, project: project.id, method: 'POST' }),
      'resource_not_found',
    );
    await assertRefusedInBoth((language) => agent('/v1/api_keys/nope', { language, key: admin, method: 'DELETE' }), 'invalid_parameter', 'key');
    assert.equal((await agent('/v1/api_keys', { key: theirs.key })).status, 200, 'their key still works');
  });

  test('a key over its rate limit is rate_limited with Retry-After', async () => {
    const { project } = await memberOf();
    const { key } = await createAgentKey(project.id, { rateLimitPerMin: 2 });
    assert.equal((await agent('/v1/api_keys', { key })).status, 200);
    assert.equal((await agent('/v1/api_keys', { key })).status, 200);
    const limited = await assertRefusedInBoth((language) => agent('/v1/api_keys', { language, key }), 'rate_limited');
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
  });
});
