import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { agentCall, createAgentTenant, createCredential, createSecretKey } from '../agent-factories';
import { agent, assertAgentError, assertRefusedInBoth } from '../support/agent-api';

describe('/agent/v1/agents', () => {
  let key: string;
  let projectId: string;
  let otherKey: string;
  const model = { id: 'openai/gpt-4.1-mini' };

  before(async () => {
    const tenant = await createAgentTenant();
    key = tenant.key;
    projectId = tenant.project.id;
    otherKey = (await createAgentTenant()).key;
  });

  const unique = () => Math.random().toString(36).slice(2, 8);
  const create = (body: unknown, language: 'en' | 'ar' = 'en') => agent('/v1/agents', { key, body, language });
  const patch = (ref: string, body: unknown, ifMatch: string | null, language: 'en' | 'ar' = 'en') =>
    agent(`/v1/agents/${ref}`, { key, method: 'PATCH', body, language, headers: { 'if-match': ifMatch } });

  test('an agent is created as a draft with its etag, readiness and a slug made from its name', async () => {
    const name = `Support Bot ${unique()}`;
    const res = await create({ name, config: { instructions: 'Help customers.', model } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.match(res.body.id, /^agt_/);
    assert.equal(res.body.object, 'agent');
    assert.equal(res.body.slug, name.toLowerCase().replace(/ /g, '-'));
    assert.equal(res.body.status, 'active');
    assert.equal(res.body.published_version, null);
    assert.equal(res.headers.get('etag'), `"${res.body.draft.etag}"`);
    // Defaults are filled in, so the stored draft has every field.
    assert.equal(res.body.draft.config.tools.max_tool_rounds, 4);
    assert.equal(res.body.draft.config.handoff.expire_after_hours, 24);
    // No provider key yet: not ready, saying why.
    assert.deepEqual(res.body.readiness, { ready: false, blockers: ['no_provider_key'] });

    const twin = await create({ name: `${name} `.trim() + '!', config: { model } });
    assert.equal(twin.status, 201);
    assert.equal(twin.body.slug, `${res.body.slug}-2`, 'a taken slug gets the next number');

    for (const ref of [res.body.id, res.body.slug]) {
      const got = await agent(`/v1/agents/${ref}`, { key });
      assert.equal(got.status, 200);
      assert.equal(got.body.id, res.body.id);
      assert.equal(got.headers.get('etag'), `"${res.body.draft.etag}"`);
    }
    const list = await agent('/v1/agents?limit=1', { key });
    assert.equal(list.body.object, 'list');
    assert.equal(list.body.data[0].id, twin.body.id, 'newest first');
    assert.equal(list.body.has_more, true);
  });

  test('create refuses taken names and slugs, unknown models, models off the plan, foreign references and clashing tool names', async () => {
    const name = `Taken ${unique()}`;
    const first = await create({ name, slug: `taken-${unique()}`, config: { model } });
    assert.equal(first.status, 201);
    await assertRefusedInBoth((language) => create({ name, config: { model } }, language), 'name_taken', '/name');
    await assertRefusedInBoth(
      (language) => create({ name: `Other ${unique()}`, slug: first.body.slug, config: { model } }, language),
      'slug_taken',
      '/slug',
    );
    await assertRefusedInBoth(
      (language) => create({ name: `M ${unique()}`, config: { model: { id: 'openai/gpt-9' } } }, language),
      'unknown_model',
      '/config/model/id',
    );
    await assertRefusedInBoth(
      (language) => create({ name: `F ${unique()}`, config: { model: { ...model, fallback_models: ['nope/model'] } } }, language),
      'unknown_model',
      '/config/model/fallback_models/0',
    );
    // The tenant is on the standard plan, which does not include o3.
    await assertRefusedInBoth(
      (language) => create({ name: `P ${unique()}`, config: { model: { id: 'openai/o3' } } }, language),
      'model_not_allowed_on_plan',
      '/config/model/id',
    );
    const foreignTenant = await createAgentTenant();
    const foreign = await createCredential(foreignTenant.project.id);
    await assertRefusedInBoth(
      (language) => create({ name: `R ${unique()}`, config: { model, provider_credential: foreign.id } }, language),
      'reference_not_found',
      '/config/provider_credential',
    );
    await assertRefusedInBoth(
      (language) => create({ name: `T ${unique()}`, config: { model, tools: { http: ['tool_0000000000000000000000'] } } }, language),
      'reference_not_found',
      '/config/tools/http/0',
    );
    await assertRefusedInBoth(
      (language) =>
        create(
          { name: `C ${unique()}`, config: { model, tools: { builtin: ['handoff'], client: [{ name: 'handoff', description: 'mine' }] } } },
          language,
        ),
      'tool_name_conflict',
      '/config/tools/client/0/name',
    );
    assertAgentError(
      await create({ name: `V ${unique()}`, config: { model: { ...model, temperature: 3 } } }),
      'validation_failed',
      '/config/model/temperature',
    );
    assertAgentError(await create({ name: `U ${unique()}`, config: { model, colour: 'blue' } }), 'unknown_field', '/config/colour');
    assertAgentError(
      await create({ name: `O ${unique()}`, config: { model, overrides: { allowed: ['never_handle'] } } }),
      'validation_failed',
      '/config/overrides/allowed/0',
    );
  });

  test('a draft changes only with the etag it was read at, as a JSON merge patch', async () => {
    const created = await create({
      name: `Patch ${unique()}`,
      config: { instructions: 'v1', model: { ...model, temperature: 0.5, fallback_models: ['openai/gpt-4o-mini'] } },
    });
    const ref = created.body.id as string;
    const etag = created.body.draft.etag as string;

    await assertRefusedInBoth((language) => patch(ref, { config: { instructions: 'v2' } }, null, language), 'if_match_required', 'If-Match');
    await assertRefusedInBoth((language) => patch(ref, { config: { instructions: 'v2' } }, '"stale"', language), 'etag_mismatch', 'If-Match');

    const changed = await patch(ref, { config: { instructions: 'v2', model: { temperature: null, fallback_models: [] } } }, `"${etag}"`);
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal(changed.body.draft.config.instructions, 'v2');
    assert.equal(changed.body.draft.config.model.id, model.id, 'untouched fields stay');
    assert.equal(changed.body.draft.config.model.temperature, undefined, 'null removes a field');
    assert.deepEqual(changed.body.draft.config.model.fallback_models, [], 'arrays are replaced');
    assert.notEqual(changed.body.draft.etag, etag);
    assert.equal(changed.headers.get('etag'), `"${changed.body.draft.etag}"`);

    // The old etag no longer matches; a weak one of the current draft does.
    assertAgentError(await patch(ref, { name: 'Late' }, `"${etag}"`), 'etag_mismatch', 'If-Match');
    const renamed = await patch(ref, { name: `Renamed ${unique()}` }, `W/"${changed.body.draft.etag}"`);
    assert.equal(renamed.status, 200);

    // The patched draft is checked as a new one would be, pointers included.
    assertAgentError(await patch(ref, { config: { model: { id: 'openai/gpt-9' } } }, '*'), 'unknown_model', '/config/model/id');
    assertAgentError(
      await patch(ref, { config: { handoff: { expire_after_hours: 48 } } }, '*'),
      'validation_failed',
      '/config/handoff/expire_after_hours',
    );
    assertAgentError(await patch(ref, { config: { tools: { extra: true } } }, '*'), 'unknown_field', '/config/tools/extra');

    // Two editors who read the same draft: one change lands, the other is told it is stale.
    const current = (await agent(`/v1/agents/${ref}`, { key })).body.draft.etag as string;
    const race = await Promise.all(['first', 'second'].map((text) => patch(ref, { config: { instructions: text } }, `"${current}"`)));
    assert.deepEqual(race.map((r) => r.status).sort(), [200, 412]);
    const winner = race.find((r) => r.status === 200)!;
    assert.equal((await agent(`/v1/agents/${ref}`, { key })).body.draft.config.instructions, winner.body.draft.config.instructions);
  });

  test('publishing freezes the draft as numbered versions and needs a key for the model', async () => {
    const tenant = await createAgentTenant();
    const call = (path: string, options: { method?: string; body?: unknown; headers?: Record<string, string | null> } = {}) =>
      agent(path, { key: tenant.key, ...options });
    const created = await call('/v1/agents', { body: { name: 'Publisher', config: { instructions: 'first', model } } });
    const ref = created.body.slug as string;
    const publish = (headers: Record<string, string | null> = {}) => call(`/v1/agents/${ref}/publish`, { method: 'POST', headers });

    await assertRefusedInBoth(
      (language) => agent(`/v1/agents/${ref}/publish`, { key: tenant.key, method: 'POST', language }),
      'model_not_configured',
      '/config/model/id',
    );
    await createCredential(tenant.project.id);
    const ready = await call(`/v1/agents/${ref}`);
    assert.deepEqual(ready.body.readiness, { ready: true, blockers: [] });

    assertAgentError(await publish({ 'if-match': '"stale"' }), 'etag_mismatch', 'If-Match');
    const v1 = await publish({ 'if-match': `"${created.body.draft.etag}"` });
    assert.equal(v1.status, 201, JSON.stringify(v1.body));
    assert.equal(v1.body.object, 'agent_version');
    assert.equal(v1.body.number, 1);
    assert.equal(v1.body.config.instructions, 'first');

    // A new draft does not change what answers until it is published.
    await call(`/v1/agents/${ref}`, { method: 'PATCH', body: { config: { instructions: 'second' } }, headers: { 'if-match': '*' } });
    const between = await call(`/v1/agents/${ref}`);
    assert.equal(between.body.published_version, 1);
    assert.equal(between.body.draft.config.instructions, 'second');
    const v2 = await publish();
    assert.equal(v2.body.number, 2);
    assert.equal((await call(`/v1/agents/${ref}`)).body.published_version, 2);

    const versions = await call(`/v1/agents/${ref}/versions`);
    assert.deepEqual(
      versions.body.data.map((v: { number: number; config: { instructions: string } }) => [v.number, v.config.instructions]),
      [
        [2, 'second'],
        [1, 'first'],
      ],
    );
    // The published version answers: ask with the agent.
    const asked = await agentCall(tenant.key, 'POST', '/v1/ask', { agent: ref, input: 'Hello' });
    assert.equal(asked.status, 200, JSON.stringify(asked.body));
    assert.equal(asked.body.run.agent_version, 2);
  });

  test('an archived agent can be read but no longer changed, published or asked', async () => {
    const tenant = await createAgentTenant();
    await createCredential(tenant.project.id);
    const created = await agent('/v1/agents', { key: tenant.key, body: { name: 'Retiring', config: { model } } });
    const ref = created.body.id as string;
    await agent(`/v1/agents/${ref}/publish`, { key: tenant.key, method: 'POST' });

    const archived = await agent(`/v1/agents/${ref}`, { key: tenant.key, method: 'DELETE' });
    assert.equal(archived.status, 200);
    assert.equal(archived.body.status, 'archived');
    assert.ok(archived.body.archived_at);

    const read = await agent(`/v1/agents/${ref}`, { key: tenant.key });
    assert.equal(read.body.status, 'archived');
    assert.equal((await agent(`/v1/agents/${ref}/versions`, { key: tenant.key })).body.data.length, 1);
    await assertRefusedInBoth(
      (language) =>
        agent(`/v1/agents/${ref}`, { key: tenant.key, method: 'PATCH', body: { name: 'Back' }, headers: { 'if-match': '*' }, language }),
      'agent_archived',
      'agent',
    );
    assertAgentError(await agent(`/v1/agents/${ref}/publish`, { key: tenant.key, method: 'POST' }), 'agent_archived', 'agent');
    assertAgentError(await agent(`/v1/agents/${ref}`, { key: tenant.key, method: 'DELETE' }), 'agent_archived', 'agent');
    assertAgentError(await agent('/v1/ask', { key: tenant.key, body: { agent: ref, input: 'Hi' } }), 'agent_archived', 'agent');
  });

  test('a secret variable takes no default, on create and on patch, in English and Arabic', async () => {
    const variables = [{ name: 'api_token', secret: true, default: 'tok-readable-by-anyone' }];
    await assertRefusedInBoth(
      (language) => create({ name: `Secret ${unique()}`, config: { model, variables } }, language),
      'validation_failed',
      '/config/variables/0/default',
    );
    const made = await create({ name: `Secret ${unique()}`, config: { model, variables: [{ name: 'api_token', secret: true }] } });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const patched = await patch(made.body.id, { config: { variables } }, made.headers.get('etag'));
    assertAgentError(patched, 'validation_failed', '/config/variables/0/default');
    const plain = await patch(made.body.id, { config: { variables: [{ name: 'tier', default: 'basic' }] } }, made.headers.get('etag'));
    assert.equal(plain.status, 200, JSON.stringify(plain.body));
  });

  test('a body nesting objects and arrays deeper than 64 levels is 400 invalid_json, whatever its depth', async () => {
    const nested = (depth: number) =>
      `{"name":"Deep","config":{"model":{"id":"${model.id}"},"instructions":${'['.repeat(depth - 2)}${']'.repeat(depth - 2)}}}`;
    for (const depth of [65, 5_000, 100_000]) {
      await assertRefusedInBoth((language) => create(nested(depth), language), 'invalid_json');
    }
    // 64 levels reach the body's own checks.
    assertAgentError(await create(nested(64)), 'validation_failed', '/config/instructions');
  });

  test("another project's agent is not found, and a read-only key cannot change agents", async () => {
    const created = await create({ name: `Mine ${unique()}`, config: { model } });
    const ref = created.body.id as string;
    for (const [method, path] of [
      ['GET', `/v1/agents/${ref}`],
      ['PATCH', `/v1/agents/${ref}`],
      ['DELETE', `/v1/agents/${ref}`],
      ['POST', `/v1/agents/${ref}/publish`],
      ['GET', `/v1/agents/${ref}/versions`],
    ] as const) {
      const body = method === 'PATCH' ? { name: 'x' } : undefined;
      assertAgentError(await agent(path, { key: otherKey, method, body, headers: { 'if-match': '*' } }), 'resource_not_found');
    }
    assertAgentError(await agent(`/v1/agents?after=${ref}`, { key: otherKey }), 'invalid_cursor', 'after');

    const readOnly = await createSecretKey(projectId, { scopes: ['agents:read'] });
    assert.equal((await agent(`/v1/agents/${ref}`, { key: readOnly })).status, 200);
    assertAgentError(
      await agent(`/v1/agents/${ref}`, { key: readOnly, method: 'PATCH', body: { name: 'x' }, headers: { 'if-match': '*' } }),
      'insufficient_scope',
    );
    assertAgentError(await agent('/v1/agents', { key: readOnly, method: 'PATCH' }), 'method_not_allowed');
  });
});
