import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { conversationsKey, costKey } from '@/server/agent/usage/ai-usage-limits';
import { reconcileUsageCounters } from '@/server/agent/usage/reconcile-usage-counters';
import { setDailyCostCap } from '@/server/agent/organization/daily-cost-cap';
import { db } from '@/server/db';
import { closeQueues, getQueue } from '@/server/queues';
import { closeRedis, getRedis } from '@/server/redis';
import { agentCall, createAgent, createAgentTenant, createCredential } from '../agent-factories';
import { waitFor } from '../support/wait-for';

/** The AI usage counters are rebuilt from the runs when Redis lost them (docs/agent-api.md §1.8). */
after(async () => {
  await closeQueues();
  closeRedis();
  await db.$disconnect();
});

test('the reconciliation is scheduled on the maintenance queue', async () => {
  const scheduler = await waitFor('the agent-usage-reconcile scheduler', () => getQueue('maintenance').getJobScheduler('agent-usage-reconcile'));
  assert.equal(Number(scheduler.every), 10 * 60_000);
});

test('lost counters come back from the runs, and the caps hold again; a higher count stands', async () => {
  const tenant = await createAgentTenant();
  await createCredential(tenant.project.id);
  const agent = await createAgent(tenant.project.id, { model: { id: 'sim/steady' } });
  for (const input of ['one [[sim:tokens=30]]', 'two [[sim:tokens=30]]']) {
    assert.equal((await agentCall(tenant.key, 'POST', '/v1/ask', { agent: agent.slug, input })).status, 200);
  }
  const runs = await db.agentRun.findMany({ where: { orgId: tenant.org.id } });
  const cost = runs.reduce((sum, run) => sum + run.costMicros, 0n);
  assert.ok(cost > 0n);

  const redis = getRedis();
  await redis.del(conversationsKey(tenant.org.id), costKey(tenant.org.id));
  await reconcileUsageCounters();
  assert.equal(await redis.get(conversationsKey(tenant.org.id)), '2');
  assert.equal(await redis.get(costKey(tenant.org.id)), String(cost));

  // A cap at what was spent refuses the next ask, as it would have before the keys were lost.
  await setDailyCostCap(tenant.org.id, Number(cost) / 1_000_000);
  const capped = await agentCall(tenant.key, 'POST', '/v1/ask', { agent: agent.slug, input: 'three' });
  assert.deepEqual([capped.status, capped.body.error.code], [429, 'cost_cap_exceeded']);

  // A count above the runs' (set on purpose, or asks not yet written) is never lowered.
  await redis.set(conversationsKey(tenant.org.id), '7');
  await reconcileUsageCounters();
  assert.equal(await redis.get(conversationsKey(tenant.org.id)), '7');
});
