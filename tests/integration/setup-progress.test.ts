import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import type { SetupChecklist } from '@/server/orgs/setup-checklist';
import { createAgent, createAgentProject } from '../agent-factories';
import { createOrg, createUser, deleteOrgs } from '../factories';
import { createConnectedAccount } from '../platform-factories';
import { sessionCookie, trpc } from '../support/dashboard-session';
import { appUrl } from '../support/stack';

/** The setup checklist (server/orgs/setup-progress.ts) over the dashboard's tRPC: it follows the organization's data, and each organization its own. */
const orgIds: string[] = [];
after(async () => {
  await deleteOrgs(orgIds);
  await db.$disconnect();
});

async function orgWithOwner() {
  const org = await createOrg();
  orgIds.push(org.id);
  const owner = await createUser({ memberships: [{ orgId: org.id, role: 'owner' }] });
  return { orgId: org.id, cookie: await sessionCookie(owner) };
}

async function progress(cookie: string): Promise<SetupChecklist | null> {
  const answer = await trpc(cookie, 'query', 'setup.progress', undefined);
  assert.equal(answer.status, 200, JSON.stringify(answer.error));
  return answer.data as SetupChecklist | null;
}

const doneSteps = (list: SetupChecklist | null) => list?.steps.filter((step) => step.done).map((step) => step.id);

/** Where `/` sends the signed-in member. */
async function home(cookie: string): Promise<string | null> {
  const res = await fetch(`${appUrl}/`, { headers: { cookie }, redirect: 'manual' });
  return res.headers.get('location') && new URL(res.headers.get('location')!, appUrl).pathname;
}

function approvedTemplate(orgId: string, accountId: string, status: 'APPROVED' | 'PENDING') {
  return db.template.create({
    data: {
      id: newId('template'),
      orgId,
      accountId,
      platformTemplateId: newId('template'),
      name: `welcome_${status.toLowerCase()}`,
      language: 'en',
      category: 'UTILITY',
      status,
      parameterFormat: 'POSITIONAL',
      body: { text: 'Welcome', variables: [] },
      components: [{ type: 'BODY', text: 'Welcome' }],
    },
  });
}

test('a new organization is at 0 of 6 and lands on Get started; each step ticks as its data appears, and undoes with it', async () => {
  const { orgId, cookie } = await orgWithOwner();
  const other = await orgWithOwner();
  const fresh = await progress(cookie);
  assert.deepEqual([fresh?.done, fresh?.total, fresh?.open, fresh?.next], [0, 6, true, 'connect']);
  assert.equal(await home(cookie), '/get-started');

  const account = await createConnectedAccount(orgId);
  const key = await trpc(cookie, 'mutation', 'apiKeys.create', { name: 'Shop', scopes: ['messages:send'], expiresAt: null, allowedCidrs: [] });
  assert.equal(key.status, 200, JSON.stringify(key.error));
  const invite = await trpc(cookie, 'mutation', 'settings.invite', {
    email: `teammate-${newId('user')}@example.test`.toLowerCase(),
    role: 'agent',
  });
  assert.equal(invite.status, 200, JSON.stringify(invite.error));
  const three = await progress(cookie);
  assert.deepEqual(doneSteps(three), ['connect', 'team', 'apiKey']);
  assert.deepEqual([three?.done, three?.next], [3, 'templates']);

  // A pending template is not one that can be sent.
  await approvedTemplate(orgId, account.id, 'PENDING');
  assert.equal((await progress(cookie))?.steps.find((step) => step.id === 'templates')?.done, false);
  await approvedTemplate(orgId, account.id, 'APPROVED');

  // An agent bound to another organization's number, or an unpublished one, is not this one's agent.
  const project = await createAgentProject(orgId);
  const elsewhere = await createConnectedAccount(other.orgId);
  await createAgent(project.id, { model: { id: 'sim/steady' }, channels: { whatsapp: { accounts: [elsewhere.id] } } });
  await createAgent(project.id, { model: { id: 'sim/steady' }, channels: { whatsapp: { accounts: [account.id] } } }, { published: false });
  assert.equal((await progress(cookie))?.steps.find((step) => step.id === 'agent')?.done, false);
  const agent = await createAgent(project.id, { model: { id: 'sim/steady' }, channels: { whatsapp: { accounts: [account.id] } } });

  await db.agentSession.create({
    data: { id: newId('agentSession'), projectId: project.id, agentId: agent.id, channel: 'widget', concurrency: 'queue' },
  });
  const all = await progress(cookie);
  assert.deepEqual([all?.done, all?.next, all?.open], [6, null, false]);
  assert.equal(await home(cookie), '/inbox');

  // Another organization sees its own data: only the number this test connected for it.
  assert.deepEqual(doneSteps(await progress(other.cookie)), ['connect']);

  // Revoking the only key and disconnecting the number open their steps again.
  const keyId = (key.data as { apiKey: { id: string } }).apiKey.id;
  assert.equal((await trpc(cookie, 'mutation', 'apiKeys.revoke', { id: keyId })).status, 200);
  await db.account.update({ where: { id: account.id }, data: { status: 'disconnected' } });
  const undone = await progress(cookie);
  assert.deepEqual([undone?.done, undone?.next, undone?.open], [4, 'connect', true]);
});

test('an owner or admin dismisses it for the organization; other roles are shown none and cannot dismiss it', async () => {
  const { orgId, cookie } = await orgWithOwner();
  const marketer = await sessionCookie(await createUser({ memberships: [{ orgId, role: 'marketer' }] }));
  assert.equal(await progress(marketer), null);
  assert.equal(await home(marketer), '/inbox');
  const refused = await trpc(marketer, 'mutation', 'setup.dismiss', undefined);
  assert.equal(refused.error?.data.code, 'FORBIDDEN');

  const admin = await sessionCookie(await createUser({ memberships: [{ orgId, role: 'admin' }] }));
  assert.equal((await progress(admin))?.open, true);
  assert.equal((await trpc(admin, 'mutation', 'setup.dismiss', undefined)).status, 200);
  const dismissed = await progress(cookie);
  assert.deepEqual([dismissed?.dismissed, dismissed?.open, dismissed?.done], [true, false, 1]);
  assert.equal(await home(cookie), '/inbox');
});
