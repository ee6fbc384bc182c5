import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { db } from '@/server/db';
import { closeQueues } from '@/server/queues';
import { closeRedis } from '@/server/redis';
import { seedDemo, type DemoData } from '@/server/seed/seed-demo';
import { agentCall } from '../agent-factories';

/** What docs/demo-data.md's `agent` object promises, checked over real HTTP against the AI simulator. */
let agent: DemoData['agent'];

before(async () => {
  agent = (await seedDemo()).agent;
});

after(async () => {
  await closeQueues();
  closeRedis();
  await db.$disconnect();
});

describe('the agent demo data', () => {
  test('the support project: models on the plan and configured as the document says', async () => {
    const support = agent.projects.support;
    const res = await agentCall(support.keys.secret_full, 'GET', '/v1/models?limit=100');
    assert.equal(res.status, 200);
    const byId = new Map((res.body.data as Array<{ id: string; allowed_on_plan: boolean; configured: boolean }>).map((m) => [m.id, m]));
    assert.deepEqual(byId.get(agent.models.allowed), { ...byId.get(agent.models.allowed), allowed_on_plan: true, configured: true });
    assert.equal(byId.get(agent.models.not_on_plan)?.allowed_on_plan, false);
    assert.equal(byId.get(agent.models.unconfigured)?.configured, false);
    assert.equal(agent.version, '2026-10-06');
  });

  test('the assistant answers ask through the simulator; the read-only key may not ask', async () => {
    const { keys, agents } = agent.projects.support;
    const ok = await agentCall(keys.secret_full, 'POST', '/v1/ask', { agent: agents.assistant.slug, input: 'What are your opening hours?' });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.ok((ok.body.output_text as string).length > 0);
    const runsOnly = await agentCall(keys.secret_runs_only, 'POST', '/v1/ask', { agent: agents.assistant.id, input: 'Hello' });
    assert.equal(runsOnly.status, 200);
    const readOnly = await agentCall(keys.secret_read_only, 'POST', '/v1/ask', { agent: agents.assistant.id, input: 'Hello' });
    assert.deepEqual([readOnly.status, readOnly.body.error.code], [403, 'insufficient_scope']);
  });

  test('unready, archived and strict agents refuse as documented', async () => {
    const { keys, agents } = agent.projects.support;
    const ask = (agentRef: string, extra: Record<string, unknown> = {}) =>
      agentCall(keys.secret_full, 'POST', '/v1/ask', { agent: agentRef, input: 'Hi', ...extra });
    const unready = await ask(agents.unready.slug);
    assert.deepEqual([unready.status, unready.body.error.code], [409, 'agent_not_ready']);
    assert.match(unready.body.error.message, /no_provider_key/);
    const archived = await ask(agents.archived.slug);
    assert.deepEqual([archived.status, archived.body.error.code], [409, 'agent_archived']);
    const strict = await ask(agents.strict.slug);
    assert.deepEqual([strict.status, strict.body.error.code, strict.body.error.param], [422, 'variable_missing', '/variables/store_id']);
    const overridden = await ask(agents.strict.slug, { variables: { store_id: 's1' }, overrides: { temperature: 0.2 } });
    assert.deepEqual([overridden.status, overridden.body.error.code], [422, 'override_not_allowed']);
  });

  test('expired, revoked and publishable keys, and another project', async () => {
    const { keys } = agent.projects.support;
    for (const key of [keys.expired, keys.revoked]) {
      const res = await agentCall(key, 'GET', '/v1/models');
      assert.deepEqual([res.status, res.body.error.code], [401, 'invalid_api_key']);
    }
    const publishable = await agentCall(keys.publishable, 'GET', '/v1/models');
    assert.deepEqual([publishable.status, publishable.body.error.code], [403, 'principal_not_allowed']);
    const foreign = await agentCall(keys.secret_full, 'POST', '/v1/ask', { agent: agent.projects.other.agent_id, input: 'Hi' });
    assert.deepEqual([foreign.status, foreign.body.error.code], [404, 'resource_not_found']);
  });

  test("the assistant's order_status tool reads the demo shop, its FAQ is indexed, and the other project's end user is not support's", async () => {
    const { keys, tools } = agent.projects.support;
    const tried = await agentCall(keys.secret_full, 'POST', `/v1/tools/${tools.order_status}/test`, { arguments: { order_id: '1234' } });
    assert.equal(tried.status, 200, JSON.stringify(tried.body));
    assert.equal(tried.body.ok, true, JSON.stringify(tried.body));
    assert.deepEqual(Object.keys(tried.body.result).sort(), ['eta', 'id', 'status']);
    assert.equal(agent.shop_url, process.env.SHOP_URL);
    const sources = await agentCall(keys.secret_full, 'GET', '/v1/knowledge_sources');
    assert.deepEqual(
      sources.body.data.map((s: { name: string; status: string }) => [s.name, s.status]),
      [['Acme FAQ', 'ready']],
    );
    const { other } = agent.projects;
    assert.equal((await agentCall(other.keys.secret_full, 'GET', `/v1/end_users/${other.end_user_id}`)).status, 200);
    const foreign = await agentCall(keys.secret_full, 'GET', `/v1/end_users/${other.end_user_id}`);
    assert.deepEqual([foreign.status, foreign.body.error.code], [404, 'resource_not_found']);
  });

  test('the other project has its session, with its end user and agent, which only its own key reads', async () => {
    const { other, support } = agent.projects;
    assert.match(other.session_id, /^sess_/);
    const own = await agentCall(other.keys.secret_full, 'GET', `/v1/sessions/${other.session_id}`);
    assert.equal(own.status, 200, JSON.stringify(own.body));
    assert.deepEqual([own.body.agent, own.body.end_user], [other.agent_id, other.end_user_id]);
    const foreign = await agentCall(support.keys.secret_full, 'GET', `/v1/sessions/${other.session_id}`);
    assert.deepEqual([foreign.status, foreign.body.error.code], [404, 'session_not_found']);
  });

  test('quota_used answers quota_exceeded without retry; cost_capped answers cost_cap_exceeded until midnight UTC', async () => {
    const { quota_used, cost_capped } = agent.projects;
    const quota = await agentCall(quota_used.keys.secret_full, 'POST', '/v1/ask', { agent: quota_used.agent_id, input: 'Hi' });
    assert.deepEqual([quota.status, quota.body.error.code, quota.headers.get('x-should-retry')], [429, 'quota_exceeded', 'false']);
    const cost = await agentCall(cost_capped.keys.secret_full, 'POST', '/v1/ask', { agent: cost_capped.agent_id, input: 'Hi' });
    assert.deepEqual([cost.status, cost.body.error.code], [429, 'cost_cap_exceeded']);
    assert.ok(Number(cost.headers.get('retry-after')) >= 1);
  });

  test('the dashboard member signs in to the agent service with the documented password', async () => {
    const { member } = agent.dashboard;
    const res = await fetch(`${agent.base_url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(agent.base_url).origin },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    assert.equal(res.status, 200);
    const body = (await res.json()) as { organizations: Array<{ role: string }> };
    assert.ok(body.organizations.some((o) => o.role === 'agent'));
  });
});
