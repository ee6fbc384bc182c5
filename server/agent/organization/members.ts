import { db, type MemberRole } from '@/server/db';
import { changeMemberRole } from '@/server/orgs/change-member-role';
import { removeMember } from '@/server/orgs/remove-member';
import type { MemberCaller } from '@/server/agent/access/agent-caller';

/**
 * Members are addressed by user id in the agent API; the dashboard's services (and their
 * rules: the last owner stays, only owners touch ownership) work on the membership.
 */
async function membershipIdOf(orgId: string, userId: string): Promise<string> {
  const membership = await db.membership.findUnique({ where: { userId_orgId: { userId, orgId } }, select: { id: true } });
  // An empty id is no member: the service answers member_not_found under its own lock.
  return membership?.id ?? '';
}

export async function setMemberRole(caller: MemberCaller, userId: string, role: MemberRole) {
  const membershipId = await membershipIdOf(caller.orgId, userId);
  const updated = await changeMemberRole({ orgId: caller.orgId, actorRole: caller.role, membershipId, role });
  return { object: 'member' as const, user: userId, role: updated.role };
}

export async function removeMemberByUser(caller: MemberCaller, userId: string) {
  const membershipId = await membershipIdOf(caller.orgId, userId);
  await removeMember({ orgId: caller.orgId, actorRole: caller.role, membershipId });
  return { object: 'member' as const, user: userId, deleted: true as const };
}
