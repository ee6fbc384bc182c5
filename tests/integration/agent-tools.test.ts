import assert from 'node:assert/strict';
import { hostname } from 'node:os';
import { before, describe, test } from 'node:test';
import { createAgentTenant } from '../agent-factories';
import { agent, assertAgentError, assertRefusedInBoth } from '../support/agent-api';

/** The HTTP tool matrix of issue 18 against the demo shop (HTTPS, development CA; SHOP_URL). */
describe('/agent/v1/tools', () => {
  let key: string;
  let otherKey: string;
  const shop = process.env.SHOP_URL!;

  before(async () => {
    key = (await createAgentTenant()).key;
    otherKey = (await createAgentTenant()).key;
  });

  const unique = () => Math.random().toString(36).slice(2, 8);
  const orderParameters = { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] };
  const orderTool = (overrides: Record<string, unknown> = {}) => ({
    name: `order_status_${unique()}`,
    description: 'Looks up an order',
    parameters: orderParameters,
    http: { url: `${shop}/orders/{{args.order_id}}` },
    response: { fields: ['/status', '/eta'] },
    ...overrides,
  });
  const create = (body: unknown, language: 'en' | 'ar' = 'en', as = key) => agent('/v1/tools', { key: as, body, language });
  const tryTool = (id: string, body: unknown, language: 'en' | 'ar' = 'en') => agent(`/v1/tools/${id}/test`, { key, body, language });

  test('a tool calls the shop over https and only the projected fields come back', async () => {
    const created = await create(orderTool());
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.match(created.body.id, /^tool_/);
    assert.equal(created.body.object, 'tool');
    assert.equal(created.body.timeout_ms, 10_000);
    const tried = await tryTool(created.body.id, { arguments: { order_id: '1234' } });
    assert.equal(tried.status, 200, JSON.stringify(tried.body));
    assert.equal(tried.body.ok, true);
    assert.equal(tried.body.status_code, 200);
    assert.deepEqual(Object.keys(tried.body.result).sort(), ['eta', 'status']);
    assert.match(tried.body.raw_excerpt, /"customer"/, 'the raw excerpt shows what was cut');
    assert.equal(typeof tried.body.duration_ms, 'number');

    // Items and max_items; a body with a whole-value placeholder keeps its type.
    const items = await create(
      orderTool({
        http: { method: 'POST', url: `${shop}/orders/{{args.order_id}}`, body: { id: '{{args.order_id}}', tier: '{{variables.tier}}' } },
        response: { items_path: '/items', fields: ['/sku'], max_items: 1 },
      }),
    );
    const listed = await tryTool(items.body.id, { arguments: { order_id: '77' }, variables: { tier: 'gold' } });
    assert.equal(listed.body.ok, true, JSON.stringify(listed.body));
    assert.equal(listed.body.result.length, 1);
    assert.match(listed.body.result[0].sku, /^SKU-/);
  });

  test('failing endpoints are tool results: 500, redirect, 2 MiB, HTML, unmatched fields, a name resolving to a private address', async () => {
    const cases: Array<[string, string, 'upstream_failed' | 'unreadable', RegExp]> = [
      ['9999', `${shop}/orders/{{args.order_id}}`, 'upstream_failed', /HTTP 500/],
      ['1', `${shop}/moved`, 'upstream_failed', /HTTP 302 \(redirects are not followed\)/],
      ['big', `${shop}/orders/{{args.order_id}}`, 'upstream_failed', /larger than 1 MiB/],
      ['html', `${shop}/orders/{{args.order_id}}`, 'unreadable', /not JSON/],
      ['1', `https://${hostname()}:8443/orders/1`, 'upstream_failed', /not public/],
    ];
    for (const [orderId, url, code, detail] of cases) {
      const tool = await create(orderTool({ http: { url } }));
      assert.equal(tool.status, 201, JSON.stringify(tool.body));
      const tried = await tryTool(tool.body.id, { arguments: { order_id: orderId } });
      assert.equal(tried.status, 200, url);
      assert.equal(tried.body.ok, false, url);
      assert.equal(tried.body.error.code, code, url);
      assert.match(tried.body.error.detail, detail);
    }
    const unmatched = await create(orderTool({ response: { fields: ['/price'] } }));
    const tried = await tryTool(unmatched.body.id, { arguments: { order_id: '5' } });
    assert.equal(tried.body.error.code, 'unreadable');
    assert.match(tried.body.error.detail, /\/price/);
  });

  test('a placeholder without a value calls nothing; arguments are checked against the parameters', async () => {
    const tool = await create(
      orderTool({ http: { url: `${shop}/orders/{{args.order_id}}`, headers: { authorization: 'Bearer {{variables.token}}' } } }),
    );
    await assertRefusedInBoth(
      (language) => tryTool(tool.body.id, { arguments: { order_id: '1' } }, language),
      'placeholder_unresolved',
      '{{variables.token}}',
    );
    const withToken = await tryTool(tool.body.id, { arguments: { order_id: '1' }, variables: { token: 't0k' } });
    assert.equal(withToken.body.ok, true);
    assertAgentError(await tryTool(tool.body.id, { arguments: { order_id: 42 } }), 'validation_failed', '/arguments/order_id');
    assertAgentError(await tryTool(tool.body.id, { arguments: {} }), 'validation_failed', '/arguments');
  });

  test('parameter patterns run in linear time: the largest hostile arguments are answered at once, and the process stays free', async () => {
    const parameters = { type: 'object', properties: { order_id: { type: 'string', pattern: '^(a|a)*$' } }, required: ['order_id'] };
    const tool = await create(orderTool({ parameters }));
    assert.equal(tool.status, 201, JSON.stringify(tool.body));
    for (const order_id of [`${'a'.repeat(30)}!`, `${'a'.repeat(1024 * 1024 - 200)}!`]) {
      const started = performance.now();
      // Generous for a shared machine: a backtracking engine takes minutes on 30 characters and never ends on a MiB.
      assertAgentError(await tryTool(tool.body.id, { arguments: { order_id } }), 'validation_failed', '/arguments/order_id');
      assert.ok(performance.now() - started < 5_000, `answered in ${Math.round(performance.now() - started)} ms`);
    }
    const tried = await tryTool(tool.body.id, { arguments: { order_id: 'aaaa' } });
    assert.equal(tried.status, 200, JSON.stringify(tried.body));
  });

  test("schemas are compiled per tool, so one tenant's $id neither breaks nor answers for another's; costly ones are refused", async () => {
    const withId = (type: string) => ({ $id: 'https://example.com/order', type: 'object', properties: { order_id: { type } } });
    const mine = await create(orderTool({ parameters: withId('string') }));
    assert.equal(mine.status, 201, JSON.stringify(mine.body));
    const theirs = await create(orderTool({ parameters: withId('number') }), 'en', otherKey);
    assert.equal(theirs.status, 201, JSON.stringify(theirs.body));
    for (let i = 0; i < 3; i++) assert.equal((await tryTool(mine.body.id, { arguments: { order_id: '1234' } })).status, 200);
    assertAgentError(await tryTool(mine.body.id, { arguments: { order_id: 1234 } }), 'validation_failed', '/arguments/order_id');

    const pattern = (value: string) =>
      orderTool({ parameters: { type: 'object', properties: { order_id: { type: 'string', pattern: value } } } });
    await assertRefusedInBoth((language) => create(pattern('^(a)\\1$'), language), 'validation_failed', '/parameters');
    assertAgentError(await create(pattern('a'.repeat(501))), 'validation_failed', '/parameters');
    const steps = Array.from({ length: 55 }, (_, i) => `[^${String.fromCharCode(99 + (i % 20))}]{999}`).join('');
    assertAgentError(await create(pattern(steps)), 'validation_failed', '/parameters');
    const recursive = { type: 'object', properties: { order_id: { type: 'string' }, next: { allOf: [{ $ref: '#' }, { $ref: '#' }] } } };
    await assertRefusedInBoth(
      (language) => create(orderTool({ parameters: recursive }), language),
      'validation_failed',
      '/parameters/properties/next/allOf/0/$ref',
    );
    const large = { type: 'object', properties: { order_id: { type: 'string', description: 'x'.repeat(16_384) } } };
    assertAgentError(await create(orderTool({ parameters: large })), 'validation_failed', '/parameters');
  });

  test('saving refuses URLs that are not public https on 443 or 8443, unknown placeholders and identity parameters of verified-only tools', async () => {
    for (const url of ['http://example.com/x', 'https://example.com:8080/x', 'https://10.1.2.3/x', 'https://{{args.order_id}}.example.com/x']) {
      await assertRefusedInBoth((language) => create(orderTool({ http: { url } }), language), 'url_not_allowed', '/http/url');
    }
    assertAgentError(await create(orderTool({ http: { url: `${shop}/orders/{{secrets.key}}` } })), 'validation_failed', '/http/url');
    assertAgentError(await create(orderTool({ http: { url: `${shop}/orders/{{args.missing}}` } })), 'validation_failed', '/parameters');
    assertAgentError(
      await create(orderTool({ parameters: { type: 'object', properties: { a: { type: 'nonsense' } } } })),
      'validation_failed',
      '/parameters',
    );

    const identity = { type: 'object', properties: { order_id: { type: 'string' }, phone: { type: 'string' } } };
    await assertRefusedInBoth(
      (language) => create(orderTool({ parameters: identity, requires_verified_customer: true }), language),
      'identity_as_parameter',
      '/parameters/properties/phone',
    );
    const warned = await create(orderTool({ parameters: identity }));
    assert.equal(warned.status, 201);
    assert.equal(warned.body.warnings[0].code, 'identity_as_parameter');

    const name = `dup_${unique()}`;
    await create(orderTool({ name }));
    await assertRefusedInBoth((language) => create(orderTool({ name }), language), 'name_taken', '/name');
  });

  test('agents: tools of the project only, unique tool names, and secrets only to their allowed hosts', async () => {
    const model = { id: 'openai/gpt-4.1-mini' };
    const tool = await create(
      orderTool({ name: 'handoff', http: { url: `${shop}/orders/{{args.order_id}}`, headers: { 'x-key': '{{variables.shop_key}}' } } }),
    );
    const theirs = await create(orderTool(), 'en', otherKey);
    const newAgent = (config: Record<string, unknown>, language: 'en' | 'ar' = 'en') =>
      agent('/v1/agents', { key, body: { name: `A ${unique()}`, config: { model, ...config } }, language });

    assertAgentError(await newAgent({ tools: { http: [theirs.body.id] } }), 'reference_not_found', '/config/tools/http/0');
    await assertRefusedInBoth(
      (language) => newAgent({ tools: { builtin: ['handoff'], http: [tool.body.id] } }, language),
      'tool_name_conflict',
      '/config/tools/http',
    );
    const secret = (allowed: string[]) => ({ name: 'shop_key', secret: true, allowed_hosts: allowed });
    await assertRefusedInBoth(
      (language) => newAgent({ tools: { http: [tool.body.id] }, variables: [secret(['api.example.com'])] }, language),
      'secret_host_not_allowed',
      '/config/variables/0/allowed_hosts',
    );
    const allowed = await newAgent({ tools: { http: [tool.body.id] }, variables: [secret([new URL(shop).hostname])] });
    assert.equal(allowed.status, 201, JSON.stringify(allowed.body));

    assertAgentError(await agent(`/v1/tools/${tool.body.id}`, { key: otherKey }), 'resource_not_found');
    assertAgentError(await agent(`/v1/tools/${tool.body.id}/test`, { key: otherKey, body: {} }), 'resource_not_found');
    const renamed = await agent(`/v1/tools/${tool.body.id}`, { key, method: 'PATCH', body: { name: `renamed_${unique()}` } });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.equal(renamed.body.http.url, `${shop}/orders/{{args.order_id}}`, 'untouched parts stay');
    const deleted = await agent(`/v1/tools/${tool.body.id}`, { key, method: 'DELETE' });
    assert.equal(deleted.body.deleted, true);
    assertAgentError(await newAgent({ tools: { http: [tool.body.id] } }), 'reference_not_found', '/config/tools/http/0');
  });
});
