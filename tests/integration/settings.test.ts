import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { verifyCredentials } from '@/server/auth/verify-credentials';
import { db } from '@/server/db';
import { acceptInvite, findInvite } from '@/server/orgs/accept-invite';
import { changeMemberRole } from '@/server/orgs/change-member-role';
import { inviteMember } from '@/server/orgs/invite-member';
import { createInviteToken, INVITE_TTL_MS } from '@/server/orgs/invite-token';
import { listMembers } from '@/server/orgs/list-members';
import { OrgAccessError } from '@/server/errors/org-access-error';
import { OrgRuleError } from '@/server/errors/org-rule-error';
import { removeMember } from '@/server/orgs/remove-member';
import { renameOrganization } from '@/server/orgs/rename-organization';
import { createApiKey } from '../api-factories';
import { createOrg, createUser } from '../factories';
import { appUrl } from '../support/stack';

/** Organization settings: renaming, members and roles, and invitations with stateless one-time links. */
after(async () => {
  await db.$disconnect();
});

const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const newEmail = () => `invitee-${Math.random().toString(36).slice(2, 10)}@example.test`;
const conflict = (e: unknown) => e instanceof OrgRuleError && e.kind === 'conflict';

async function orgWithOwner() {
  const org = await createOrg();
  const owner = await createUser({ memberships: [{ orgId: org.id, role: 'owner' }] });
  return { orgId: org.id, owner };
}

describe('invitations', () => {
  test('inviting a new email creates the account and membership, and the link works once', async () => {
    const { orgId } = await orgWithOwner();
    const email = newEmail();
    const invited = await inviteMember({ orgId, actorRole: 'admin', email: email.toUpperCase(), role: 'agent', name: 'Ines Vite' });
    assert.ok(invited.inviteUrl?.startsWith(`${appUrl}/invite/`));
    const member = (await listMembers(orgId)).find((m) => m.email === email);
    assert.deepEqual([member?.role, member?.name, member?.invitationPending], ['agent', 'Ines Vite', true]);
    assert.equal(await verifyCredentials(email, 'anything at all'), null, 'the placeholder password is unusable');

    const token = tokenOf(invited.inviteUrl as string);
    assert.equal((await findInvite(token))?.user.email, email);
    const page = await fetch(invited.inviteUrl as string);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Choose a password/);

    assert.deepEqual(await acceptInvite(token, 'a long new password'), { email });
    assert.equal((await verifyCredentials(email, 'a long new password'))?.id, invited.userId);
    assert.equal(await findInvite(token), null, 'a used link stops working');
    assert.equal(await acceptInvite(token, 'another password!!'), null);
    assert.equal((await listMembers(orgId)).find((m) => m.email === email)?.invitationPending, false);
    assert.match(await (await fetch(invited.inviteUrl as string)).text(), /no longer valid/);
  });

  test('expired and forged tokens are refused', async () => {
    const { orgId } = await orgWithOwner();
    const invited = await inviteMember({ orgId, actorRole: 'owner', email: newEmail(), role: 'marketer' });
    const user = await db.user.findUniqueOrThrow({ where: { id: invited.userId }, omit: { passwordHash: false } });
    const expired = createInviteToken(user, new Date(Date.now() - INVITE_TTL_MS - 1000));
    assert.equal(await findInvite(expired), null);
    assert.equal(await acceptInvite(expired, 'a long new password'), null);

    const good = tokenOf(invited.inviteUrl as string);
    const [id, exp, sig] = good.split('.') as [string, string, string];
    const forgeries = [
      `${id}.${Number(exp) + 86_400}.${sig}`, // extended expiry
      `${(await createUser()).id}.${exp}.${sig}`, // someone else's account
      `${id}.${exp}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`, // tampered signature
      'usr_nothing.9999999999.short',
      '',
    ];
    for (const token of forgeries) assert.equal(await findInvite(token), null, token);
    assert.equal((await fetch(`${appUrl}/invite/${forgeries[0]}`)).status, 200);
    assert.ok(await findInvite(good), 'the genuine link still works');
  });

  test('an existing account gets the membership but no link; a member cannot be invited twice', async () => {
    const { orgId } = await orgWithOwner();
    const existing = await createUser();
    const invited = await inviteMember({ orgId, actorRole: 'owner', email: existing.email, role: 'admin' });
    assert.deepEqual([invited.userId, invited.inviteUrl], [existing.id, null]);
    await assert.rejects(inviteMember({ orgId, actorRole: 'owner', email: existing.email, role: 'agent' }), conflict);
  });

  test('only owners and admins invite, and only owners invite owners', async () => {
    const { orgId } = await orgWithOwner();
    await assert.rejects(inviteMember({ orgId, actorRole: 'agent', email: newEmail(), role: 'agent' }), OrgAccessError);
    await assert.rejects(inviteMember({ orgId, actorRole: 'admin', email: newEmail(), role: 'owner' }), OrgAccessError);
  });
});

describe('members and roles', () => {
  test('the last owner can be neither demoted nor removed', async () => {
    const { orgId, owner } = await orgWithOwner();
    const members = await listMembers(orgId);
    const ownerMembership = members.find((m) => m.userId === owner.id)!;
    await assert.rejects(changeMemberRole({ orgId, actorRole: 'owner', membershipId: ownerMembership.id, role: 'admin' }), conflict);
    await assert.rejects(removeMember({ orgId, actorRole: 'owner', membershipId: ownerMembership.id }), conflict);

    const second = await inviteMember({ orgId, actorRole: 'owner', email: newEmail(), role: 'owner' });
    await changeMemberRole({ orgId, actorRole: 'owner', membershipId: ownerMembership.id, role: 'admin' });
    const secondMembership = (await listMembers(orgId)).find((m) => m.userId === second.userId)!;
    await assert.rejects(removeMember({ orgId, actorRole: 'owner', membershipId: secondMembership.id }), conflict);
    await removeMember({ orgId, actorRole: 'admin', membershipId: ownerMembership.id });
    assert.deepEqual(
      (await listMembers(orgId)).map((m) => m.role),
      ['owner'],
    );
  });

  test('admins cannot touch owners; agents cannot manage; other organizations are out of reach', async () => {
    const { orgId, owner } = await orgWithOwner();
    const ownerMembership = (await listMembers(orgId)).find((m) => m.userId === owner.id)!;
    const agent = await inviteMember({ orgId, actorRole: 'owner', email: newEmail(), role: 'agent' });
    const agentMembership = (await listMembers(orgId)).find((m) => m.userId === agent.userId)!;
    await assert.rejects(removeMember({ orgId, actorRole: 'admin', membershipId: ownerMembership.id }), OrgAccessError);
    await assert.rejects(changeMemberRole({ orgId, actorRole: 'admin', membershipId: agentMembership.id, role: 'owner' }), OrgAccessError);
    await assert.rejects(changeMemberRole({ orgId, actorRole: 'agent', membershipId: agentMembership.id, role: 'admin' }), OrgAccessError);
    assert.deepEqual(await changeMemberRole({ orgId, actorRole: 'admin', membershipId: agentMembership.id, role: 'marketer' }), {
      id: agentMembership.id,
      role: 'marketer',
    });

    const other = await orgWithOwner();
    const notFound = (e: unknown) => e instanceof OrgRuleError && e.kind === 'not_found';
    await assert.rejects(removeMember({ orgId: other.orgId, actorRole: 'owner', membershipId: agentMembership.id }), notFound);
    await assert.rejects(changeMemberRole({ orgId: other.orgId, actorRole: 'owner', membershipId: agentMembership.id, role: 'agent' }), notFound);
  });

  test('owners and admins rename the organization, others cannot; /v1/me shows the new name at once', async () => {
    const { orgId } = await orgWithOwner();
    const { key } = await createApiKey(orgId);
    const nameInMe = async () => {
      const res = await fetch(`${appUrl}/v1/me`, { headers: { authorization: `Bearer ${key}` } });
      return ((await res.json()) as { organization: { name: string } }).organization.name;
    };
    const before = await nameInMe(); // now cached by the web process
    assert.equal((await renameOrganization({ orgId, actorRole: 'admin', name: '  Renamed Ltd ' })).name, 'Renamed Ltd');
    assert.notEqual(before, 'Renamed Ltd');
    assert.equal(await nameInMe(), 'Renamed Ltd', 'the rename is announced, so the cached view is dropped');
    await assert.rejects(renameOrganization({ orgId, actorRole: 'marketer', name: 'Nope' }), OrgAccessError);
  });
});
