import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { agentCall, createAgentTenant, createCredential } from '../agent-factories';

describe('GET /agent/v1/models', () => {
  let key: string;
  let bareKey: string;

  before(async () => {
    const withCredential = await createAgentTenant();
    await createCredential(withCredential.project.id);
    key = withCredential.key;
    bareKey = (await createAgentTenant({ aiPlan: 'starter' })).key;
  });

  test('lists the catalogue with plan and configuration as the project sees them', async () => {
    const res = await agentCall(key, 'GET', '/v1/models?limit=100');
    assert.equal(res.status, 200);
    assert.equal(res.body.object, 'list');
    const byId = new Map(res.body.data.map((m: { id: string }) => [m.id, m]));
    assert.deepEqual(byId.get('sim/steady'), {
      id: 'sim/steady',
      object: 'model',
      created: 1_767_225_600,
      owned_by: 'openai',
      provider: 'openai',
      platform_provided: false,
      allowed_on_plan: true,
      configured: true,
      context_window: 128_000,
      price_per_mtok: { input: 1, output: 2 },
    });
    assert.equal((byId.get('openai/o3') as { allowed_on_plan: boolean }).allowed_on_plan, false, 'the premium model is not on standard');
    assert.equal((byId.get('anthropic/claude-haiku-4-5') as { configured: boolean }).configured, false, 'no anthropic key');
  });

  test('another plan and no key: fewer models allowed, only the platform-provided ones configured', async () => {
    const res = await agentCall(bareKey, 'GET', '/v1/models?limit=100');
    assert.equal(res.status, 200);
    const configured = res.body.data.filter((m: { configured: boolean }) => m.configured);
    assert.deepEqual(
      configured.map((m: { id: string; platform_provided: boolean }) => [m.id, m.platform_provided]),
      [['platform/gpt-4.1-mini', true]],
      'the platform key answers those (PLATFORM_OPENAI_API_KEY)',
    );
    const gpt41 = res.body.data.find((m: { id: string }) => m.id === 'openai/gpt-4.1');
    assert.equal(gpt41.allowed_on_plan, false);
  });

  test('pages with after and refuses a foreign cursor', async () => {
    const first = await agentCall(key, 'GET', '/v1/models?limit=2');
    assert.equal(first.body.data.length, 2);
    assert.equal(first.body.has_more, true);
    const next = await agentCall(key, 'GET', `/v1/models?limit=2&after=${encodeURIComponent(first.body.last_id)}`);
    assert.notEqual(next.body.data[0].id, first.body.data[0].id);
    const foreign = await agentCall(key, 'GET', '/v1/models?after=pcred_nope');
    assert.equal(foreign.status, 400);
    assert.equal(foreign.body.error.code, 'invalid_cursor');
  });
});
