import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { db } from '@/server/db';
import { createAgentProject, createCredential } from '../agent-factories';
import { createOrg, createUser, deleteOrgs } from '../factories';
import { sessionCookie, trpc, type TrpcAnswer } from '../support/dashboard-session';

/**
 * The agent builder's procedures (issue 20) call the agent service's own functions, with the
 * member's role checked by its permission table: owners edit, marketers read, a member of
 * another organization does not find the project, and the draft etag guards every save.
 */
let owner: string;
let marketer: string;
let stranger: string;
let projectId: string;
const orgIds: string[] = [];

before(async () => {
  const org = await createOrg();
  const other = await createOrg();
  orgIds.push(org.id, other.id);
  owner = await sessionCookie(await createUser({ memberships: [{ orgId: org.id, role: 'owner' }] }));
  marketer = await sessionCookie(await createUser({ memberships: [{ orgId: org.id, role: 'marketer' }] }));
  stranger = await sessionCookie(await createUser({ memberships: [{ orgId: other.id, role: 'owner' }] }));
  projectId = (await createAgentProject(org.id)).id;
  await createCredential(projectId);
});

after(async () => {
  await deleteOrgs(orgIds);
  await db.$disconnect();
});

const codes = (answer: TrpcAnswer) => [answer.error?.data.code, (answer.error?.data as { appCode?: string } | undefined)?.appCode];

test('an owner creates, saves with the etag, meets etag_mismatch with an old one, and publishes version 1', async () => {
  const created = await trpc(owner, 'mutation', 'agents.create', {
    projectId,
    agent: { name: 'Helper', config: { model: { id: 'sim/steady' } } },
  });
  assert.equal(created.status, 200, JSON.stringify(created.error));
  const agent = created.data as { id: string; draft: { etag: string }; readiness: { ready: boolean } };
  assert.equal(agent.readiness.ready, true);

  const patch = { config: { instructions: 'Be brief.' } };
  const saved = await trpc(owner, 'mutation', 'agents.saveDraft', { projectId, agent: agent.id, etag: agent.draft.etag, patch });
  assert.equal(saved.status, 200, JSON.stringify(saved.error));
  const next = saved.data as { draft: { etag: string; config: { instructions: string } } };
  assert.equal(next.draft.config.instructions, 'Be brief.');
  assert.notEqual(next.draft.etag, agent.draft.etag);

  const stale = await trpc(owner, 'mutation', 'agents.saveDraft', { projectId, agent: agent.id, etag: agent.draft.etag, patch });
  assert.deepEqual(codes(stale), ['PRECONDITION_FAILED', 'etag_mismatch']);
  assert.match((stale.error?.data as { localized?: { ar?: string } }).localized?.ar ?? '', /[\u0600-\u06FF]/, 'an Arabic message comes along');

  const published = await trpc(owner, 'mutation', 'agents.publish', { projectId, agent: agent.id, etag: next.draft.etag });
  assert.equal(published.status, 200, JSON.stringify(published.error));
  assert.equal((published.data as { number: number }).number, 1);
  const versions = await trpc(marketer, 'query', 'agents.versions', { projectId, agent: agent.id });
  assert.deepEqual(
    (versions.data as Array<{ number: number }>).map((v) => v.number),
    [1],
  );
});

test('a marketer reads but is refused every change, naming the permission', async () => {
  const list = await trpc(marketer, 'query', 'agents.list', { projectId });
  assert.equal(list.status, 200);
  const create = await trpc(marketer, 'mutation', 'agents.create', {
    projectId,
    agent: { name: 'Nope', config: { model: { id: 'sim/steady' } } },
  });
  assert.deepEqual(codes(create), ['FORBIDDEN', 'permission_denied']);
  assert.match(create.error?.message ?? '', /agents:write/);
  const keys = await trpc(marketer, 'query', 'agents.keys', { projectId });
  assert.deepEqual(codes(keys), ['FORBIDDEN', 'permission_denied']);
  const credential = await trpc(marketer, 'mutation', 'agents.createCredential', {
    projectId,
    credential: { provider: 'openai', name: 'x', api_key: 'sim-abcdefgh' },
  });
  assert.deepEqual(codes(credential), ['FORBIDDEN', 'permission_denied']);
});

test("another organization's owner does not find the project", async () => {
  const answer = await trpc(stranger, 'query', 'agents.list', { projectId });
  assert.deepEqual(codes(answer), ['NOT_FOUND', 'project_not_found']);
  const projects = await trpc(stranger, 'query', 'agents.projects', undefined);
  assert.deepEqual((projects.data as { projects: unknown[] }).projects, []);
});
