import { db, type MemberRole } from '@/server/db';
import { assertCanManageMembers, assertCanTouchOwnership } from './member-permission';
import { assertAnotherOwnerRemains, lockMembership } from './owner-guard';

interface ChangeMemberRoleOptions {
  orgId: string;
  actorRole: MemberRole;
  membershipId: string;
  role: MemberRole;
}

/** Gives a member another role; the last owner cannot step down. */
export async function changeMemberRole({ orgId, actorRole, membershipId, role }: ChangeMemberRoleOptions) {
  assertCanManageMembers(actorRole);
  return db.$transaction(async (tx) => {
    const membership = await lockMembership(tx, orgId, membershipId);
    assertCanTouchOwnership(actorRole, membership.role, role);
    if (membership.role === 'owner' && role !== 'owner') await assertAnotherOwnerRemains(tx, orgId, membershipId);
    const updated = await tx.membership.update({ where: { id: membershipId }, data: { role } });
    return { id: updated.id, role: updated.role };
  });
}
