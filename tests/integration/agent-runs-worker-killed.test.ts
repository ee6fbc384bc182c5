import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { db } from '@/server/db';
import { closeQueues } from '@/server/queues';
import { closeRedis } from '@/server/redis';
import { createAgent, createAgentTenant, createCredential } from '../agent-factories';
import { agent } from '../support/agent-api';
import { waitFor } from '../support/wait-for';
import { liveWorkerPids } from '../support/workers';

/**
 * A worker killed (SIGKILL) in the middle of a run (docs/agent-api.md §1.4): its lease lapses
 * (AGENT_RUN_LEASE_MS, 6 s in tests), the reconciler (every 10 s) fails the run
 * `run_interrupted` rather than running it again, and the session's queued message is then
 * answered by the worker scripts/test.ts starts in the dead one's place.
 */
let key: string;
let slug: string;

before(async () => {
  const tenant = await createAgentTenant();
  key = tenant.key;
  await createCredential(tenant.project.id);
  slug = (await createAgent(tenant.project.id, { model: { id: 'sim/steady' }, concurrency_default: 'queue' })).slug;
});

after(async () => {
  await closeQueues();
  closeRedis();
  await db.$disconnect();
});

test('a run whose worker died fails run_interrupted, once, and the queued message after it is answered', async () => {
  const session = (await agent('/v1/sessions', { key, body: { agent: slug } })).body.id as string;
  const say = (input: string) => agent(`/v1/sessions/${session}/messages`, { key, body: { input } });
  const doomed = (await say('A very long answer [[sim:tokens=400]] [[sim:token_ms=100]]')).body.run.id as string;
  const waiting = (await say('Still there? [[sim:tokens=2]]')).body.run.id as string;

  const holder = await waitFor(
    'a worker to hold the run',
    async () => (await db.agentRun.findUnique({ where: { id: doomed } }))?.workerId,
    20_000,
  );
  const [pid] = await liveWorkerPids();
  assert.ok(pid, 'a live worker');
  assert.ok(holder.includes(`-${pid}-`), 'the live worker holds the run');
  process.kill(pid, 'SIGKILL');

  const failed = await waitFor(
    'the reconciler to end the run',
    async () => {
      const run = await db.agentRun.findUniqueOrThrow({ where: { id: doomed } });
      return run.status === 'failed' && run;
    },
    60_000,
  );
  assert.deepEqual((failed.error as { code: string }).code, 'run_interrupted');
  assert.equal(failed.replyMessageId, null);

  const answered = await waitFor(
    'the queued run to be answered',
    async () => {
      const run = await db.agentRun.findUniqueOrThrow({ where: { id: waiting } });
      return run.status === 'completed' && run;
    },
    60_000,
  );
  assert.ok(answered.startedAt! >= failed.completedAt!);
  const runs = await db.agentRun.count({ where: { sessionId: session } });
  assert.equal(runs, 2, 'the interrupted run was not run again');
});
