import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { after, describe, test } from 'node:test';
import { createKeyRing, encryptWithRing, isUnderCurrentKey, type KeyRing } from '@/server/secrets/key-ring';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { closeRedis } from '@/server/redis';
import { agentCall, createAgent, createAgentTenant, simKey } from '../agent-factories';
import { createConnectedAccount } from '../platform-factories';
import { randomPhone, simulator } from '../support/stack';
import { sleep, waitFor } from '../support/wait-for';

/**
 * Provider keys at rest under the key ring (README, "Secrets"): the stack runs with
 * CREDENTIALS_SECRET and one retired secret in CREDENTIALS_SECRET_PREVIOUS.
 */
const current = createKeyRing([process.env.CREDENTIALS_SECRET!]);
const previous = createKeyRing([process.env.CREDENTIALS_SECRET_PREVIOUS!]);
/** A secret the service was never given, as after a lost or removed CREDENTIALS_SECRET. */
const forgotten = createKeyRing([randomBytes(48).toString('base64url')]);

after(async () => {
  closeRedis();
  await db.$disconnect();
});

/** A checked credential as an earlier configuration stored it. */
async function storedCredential(projectId: string, ring: KeyRing) {
  const apiKey = simKey();
  return db.providerCredential.create({
    data: {
      id: newId('providerCredential'),
      projectId,
      provider: 'openai',
      name: `cred-${randomBytes(3).toString('hex')}`,
      keyCiphertext: encryptWithRing(ring, apiKey),
      keyLast4: apiKey.slice(-4),
      status: 'valid',
      checkedAt: new Date(),
    },
  });
}

async function tenantWithAgent(ring: KeyRing) {
  const { project, key } = await createAgentTenant();
  const credential = await storedCredential(project.id, ring);
  const agent = await createAgent(project.id, { instructions: 'Be brief.', model: { id: 'sim/steady' }, provider_credential: credential.id });
  return { key, credential, agent };
}

const rotate = () => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/rotate-secrets.ts'], { env: process.env, encoding: 'utf8' });

describe('provider keys under the key ring', () => {
  test('a key no configured secret opens: undecryptable in the API, a readiness blocker, and runs refused with agent_not_ready, never a 500', async () => {
    const { key, credential, agent } = await tenantWithAgent(forgotten);
    const got = await agentCall(key, 'GET', `/v1/provider_credentials/${credential.id}`);
    assert.deepEqual([got.status, got.body.status], [200, 'undecryptable'], JSON.stringify(got.body));
    const listed = await agentCall(key, 'GET', '/v1/provider_credentials');
    assert.deepEqual(
      listed.body.data.map((c: { id: string; status: string }) => [c.id, c.status]),
      [[credential.id, 'undecryptable']],
    );
    const checked = await agentCall(key, 'POST', `/v1/provider_credentials/${credential.id}/check`);
    assert.deepEqual([checked.status, checked.body.status], [200, 'undecryptable'], JSON.stringify(checked.body));

    const readiness = await agentCall(key, 'GET', `/v1/agents/${agent.id}`);
    assert.deepEqual(readiness.body.readiness, { ready: false, blockers: ['provider_key_undecryptable'] });
    const asked = await agentCall(key, 'POST', '/v1/ask', { agent: agent.slug, input: 'Hello' });
    assert.deepEqual([asked.status, asked.body.error?.code], [409, 'agent_not_ready'], JSON.stringify(asked.body));
    assert.match(asked.body.error.message, /provider_key_undecryptable/);
    const session = await agentCall(key, 'POST', '/v1/sessions', { agent: agent.id });
    assert.deepEqual([session.status, session.body.error?.code], [409, 'agent_not_ready'], JSON.stringify(session.body));
  });

  test('a WhatsApp customer of an agent on such a key is left to people, as for any agent not ready: no run starts to fail', async () => {
    const { org, project } = await createAgentTenant();
    const account = await createConnectedAccount(org.id);
    const credential = await storedCredential(project.id, forgotten);
    await createAgent(project.id, {
      instructions: 'Help.',
      model: { id: 'sim/steady' },
      provider_credential: credential.id,
      channels: { whatsapp: { accounts: [account.id], coalesce_ms: 0 } },
    });
    await simulator('/_sim/inbound', { phone_id: account.phoneId, from: randomPhone(), text: 'Hello?' });
    // The bot hook verifies the customer as an end user first, then finds the agent not ready.
    await waitFor('the bot hook to take the message', () => db.agentEndUser.findFirst({ where: { projectId: project.id } }));
    await sleep(3_000);
    assert.deepEqual(await db.agentRun.findMany({ where: { projectId: project.id }, select: { status: true, error: true } }), []);
    assert.equal(await db.agentSession.count({ where: { projectId: project.id } }), 0);
  });

  test('a key under the previous secret keeps answering, and npm run secrets:rotate moves it to the current one', async () => {
    const { key, credential, agent } = await tenantWithAgent(previous);
    const lost = await storedCredential(credential.projectId, forgotten);
    const ask = () => agentCall(key, 'POST', '/v1/ask', { agent: agent.slug, input: 'Hello' });
    const before = await ask();
    assert.equal(before.status, 200, JSON.stringify(before.body));
    assert.equal((await agentCall(key, 'GET', `/v1/provider_credentials/${credential.id}`)).body.status, 'valid');

    const run = rotate();
    assert.equal(run.status, 1, `an undecryptable key is reported as needing attention: ${run.stderr}`);
    const report = (JSON.parse(run.stdout) as { provider_keys: { rotated: number; undecryptable: Array<{ id: string }> } }).provider_keys;
    assert.ok(report.rotated >= 1, run.stdout);
    assert.ok(report.undecryptable.some((c) => c.id === lost.id));

    const [moved, untouched] = await Promise.all(
      [credential, lost].map((c) => db.providerCredential.findUniqueOrThrow({ where: { id: c.id }, select: { keyCiphertext: true } })),
    );
    assert.equal(isUnderCurrentKey(current, moved!.keyCiphertext), true);
    assert.equal(untouched!.keyCiphertext, lost.keyCiphertext, 'a key it cannot open is left as it was');
    const afterRotation = await ask();
    assert.equal(afterRotation.status, 200, JSON.stringify(afterRotation.body));
    assert.equal(JSON.parse(rotate().stdout).provider_keys.rotated, 0, 'a second run has nothing left to do');
  });
});
