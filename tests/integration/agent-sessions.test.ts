import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { db } from '@/server/db';
import { createAgent, createAgentTenant, createCredential, createSecretKey } from '../agent-factories';
import { agent, assertAgentError, assertRefusedInBoth } from '../support/agent-api';

describe('/agent/v1/sessions', () => {
  let key: string;
  let projectId: string;
  let otherKey: string;
  let slug: string;
  let secondSlug: string;

  const model = { id: 'openai/gpt-4.1-mini' };
  const variables = [
    { name: 'store_id', type: 'string', required: true },
    { name: 'vip', type: 'boolean' },
    { name: 'api_token', type: 'string', secret: true, allowed_hosts: ['127.0.0.77'] },
  ];

  before(async () => {
    const tenant = await createAgentTenant();
    key = tenant.key;
    projectId = tenant.project.id;
    await createCredential(projectId);
    slug = (await createAgent(projectId, { model, variables, concurrency_default: 'queue' })).slug;
    secondSlug = (await createAgent(projectId, { model })).slug;
    otherKey = (await createAgentTenant()).key;
  });

  const unique = () => Math.random().toString(36).slice(2, 10);
  const open = (body: Record<string, unknown>, language: 'en' | 'ar' = 'en', as = key) => agent('/v1/sessions', { key: as, body, language });

  test('get-or-create by external_id: 201, then 200 unchanged with create_params_ignored; settings and end user kept', async () => {
    const externalId = `chat-${unique()}`;
    const first = await open({
      agent: slug,
      external_id: externalId,
      end_user: { external_id: `cus-${externalId}`, name: 'Sara' },
      variables: { store_id: 's1' },
      metadata: { source: 'app' },
    });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.match(first.body.id, /^sess_/);
    assert.equal(first.body.object, 'session');
    assert.equal(first.body.channel, 'api');
    assert.equal(first.body.version, 'published');
    assert.equal(first.body.concurrency, 'queue', "the agent's concurrency_default");
    assert.deepEqual(first.body.variables, { store_id: 's1' });
    assert.deepEqual(first.body.metadata, { source: 'app' });
    assert.equal(first.body.status, 'open');
    const endUser = await db.agentEndUser.findUniqueOrThrow({ where: { id: first.body.end_user } });
    assert.equal(endUser.externalId, `cus-${externalId}`);

    const again = await open({ agent: slug, external_id: externalId, concurrency: 'reject' });
    assert.equal(again.status, 200);
    assert.equal(again.body.id, first.body.id);
    assert.equal(again.body.concurrency, 'queue');
    assert.deepEqual(
      again.body.warnings.map((w: { code: string }) => w.code),
      ['create_params_ignored'],
    );
    const same = await open({ agent: slug, external_id: externalId, end_user: { external_id: `cus-${externalId}` } });
    assert.equal(same.status, 200);
    assert.equal(same.body.warnings, undefined);

    for (const ref of [first.body.id, externalId]) assert.equal((await agent(`/v1/sessions/${ref}`, { key })).body.id, first.body.id);
    const race = `race-${unique()}`;
    const both = await Promise.all([open({ agent: slug, external_id: race }), open({ agent: slug, external_id: race })]);
    assert.deepEqual(both.map((r) => r.status).sort(), [200, 201]);
    assert.equal(both[0]!.body.id, both[1]!.body.id);
    const anonymous = await open({ agent: slug });
    assert.equal(anonymous.status, 201, 'without external_id, always a new session');
    assert.equal(anonymous.body.external_id, null);
  });

  test('refusals of create: exists, other agent, other end user, bad external id, variables, draft outside the playground', async () => {
    const externalId = `taken-${unique()}`;
    await open({ agent: slug, external_id: externalId, end_user: { external_id: `eu-${externalId}` } });
    await assertRefusedInBoth(
      (language) => open({ agent: slug, external_id: externalId, if_exists: 'error' }, language),
      'session_exists',
      '/external_id',
    );
    await assertRefusedInBoth((language) => open({ agent: secondSlug, external_id: externalId }, language), 'session_agent_mismatch', '/agent');
    await assertRefusedInBoth(
      (language) => open({ agent: slug, external_id: externalId, end_user: { external_id: 'someone-else' } }, language),
      'session_end_user_mismatch',
      '/end_user',
    );
    for (const bad of ['sess_123', 'with space', '']) {
      assertAgentError(await open({ agent: slug, external_id: bad }), 'external_id_invalid', '/external_id');
    }
    await assertRefusedInBoth(
      (language) => open({ agent: slug, variables: { colour: 'red' } }, language),
      'variable_unknown',
      '/variables/colour',
    );
    await assertRefusedInBoth(
      (language) => open({ agent: slug, variables: { api_token: 't' } }, language),
      'secret_variable_not_persistable',
      '/variables/api_token',
    );
    assertAgentError(await open({ agent: slug, variables: { vip: 'yes' } }), 'validation_failed', '/variables/vip');
    await assertRefusedInBoth((language) => open({ agent: slug, version: 'draft' }, language), 'draft_not_allowed', '/version');
    const runsOnly = await createSecretKey(projectId, { scopes: ['sessions:write', 'sessions:read'] });
    assertAgentError(
      await agent('/v1/sessions', { key: runsOnly, body: { agent: slug, version: 'draft', channel: 'playground' } }),
      'draft_not_allowed',
      '/version',
    );
    const playground = await open({ agent: slug, version: 'draft', channel: 'playground' });
    assert.equal(playground.status, 201, JSON.stringify(playground.body));
    assert.equal(playground.body.version, 'draft');
    assertAgentError(await open({ agent: slug, version: 7 }), 'resource_not_found');
  });

  test('agents that cannot answer: archived, unpublished, no key', async () => {
    const tenant = await createAgentTenant();
    const unpublished = await createAgent(tenant.project.id, { model }, { published: false });
    assertAgentError(await open({ agent: unpublished.slug }, 'en', tenant.key), 'agent_not_ready');
    const noKey = await createAgent(tenant.project.id, { model });
    await assertRefusedInBoth((language) => open({ agent: noKey.slug }, language, tenant.key), 'agent_not_ready');
    const draftNoKey = await open({ agent: noKey.slug, version: 'draft', channel: 'playground' }, 'en', tenant.key);
    assertAgentError(draftNoKey, 'model_not_configured', '/version');
    await agent(`/v1/agents/${noKey.slug}`, { key: tenant.key, method: 'DELETE' });
    assertAgentError(await open({ agent: noKey.slug }, 'en', tenant.key), 'agent_archived', 'agent');
  });

  test('PATCH merges variables and metadata, closes, and never changes the end user; other projects see nothing', async () => {
    const created = await open({
      agent: slug,
      end_user: { external_id: `p-${unique()}` },
      variables: { store_id: 's1', vip: true },
      metadata: { a: 1, b: 2 },
    });
    const ref = created.body.id as string;
    const patch = (body: unknown, language: 'en' | 'ar' = 'en') => agent(`/v1/sessions/${ref}`, { key, method: 'PATCH', body, language });
    const changed = await patch({ variables: { vip: null, store_id: 's2' }, metadata: { b: null, c: 'x' }, concurrency: 'reject' });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.deepEqual(changed.body.variables, { store_id: 's2' });
    assert.deepEqual(changed.body.metadata, { a: 1, c: 'x' });
    assert.equal(changed.body.concurrency, 'reject');
    await assertRefusedInBoth(
      (language) => patch({ variables: { api_token: 'x' } }, language),
      'secret_variable_not_persistable',
      '/variables/api_token',
    );
    await assertRefusedInBoth((language) => patch({ variables: { nope: 'x' } }, language), 'variable_unknown', '/variables/nope');
    await assertRefusedInBoth(
      (language) => patch({ end_user: { external_id: 'someone-else' } }, language),
      'session_end_user_mismatch',
      '/end_user',
    );
    const closed = await patch({ status: 'closed' });
    assert.equal(closed.body.status, 'closed');
    assert.ok(closed.body.closed_at);

    await assertRefusedInBoth((language) => agent(`/v1/sessions/${ref}`, { key: otherKey, language }), 'session_not_found', 'session');
    assertAgentError(await agent(`/v1/sessions/${ref}`, { key: otherKey, method: 'PATCH', body: { metadata: { a: 2 } } }), 'session_not_found');
    assertAgentError(await open({ agent: slug }, 'en', otherKey), 'resource_not_found');
    assertAgentError(await agent(`/v1/sessions?after=${ref}`, { key: otherKey }), 'invalid_cursor', 'after');

    // Erasing the end user erases their sessions.
    await agent(`/v1/end_users/${created.body.end_user}`, { key, method: 'DELETE' });
    assertAgentError(await agent(`/v1/sessions/${ref}`, { key }), 'session_not_found');
  });

  test('Idempotency-Key on creation: a retry replays the answer, another body with the key is idempotency_key_reused', async () => {
    const headers = { 'idempotency-key': `create-${unique()}` };
    const body = { agent: slug, variables: { store_id: 's1' } };
    const first = await agent('/v1/sessions', { key, body, headers });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const retried = await agent('/v1/sessions', { key, body, headers });
    assert.equal(retried.status, 201);
    assert.equal(retried.body.id, first.body.id, 'no second session');
    assert.equal(retried.headers.get('idempotent-replayed'), 'true');
    assertAgentError(
      await agent('/v1/sessions', { key, body: { ...body, metadata: { other: true } }, headers }),
      'idempotency_key_reused',
      'Idempotency-Key',
    );
  });
});
