import { endSessions } from '@/server/auth/session-version';
import { db, type MemberRole } from '@/server/db';
import { assertCanManageMembers, assertCanTouchOwnership } from './member-permission';
import { assertAnotherOwnerRemains, lockMembership } from './owner-guard';

/**
 * Takes a member out of the organization (their account stays) and ends their dashboard sessions
 * at once, so they lose access now; the last owner cannot be removed.
 */
export async function removeMember({ orgId, actorRole, membershipId }: { orgId: string; actorRole: MemberRole; membershipId: string }) {
  assertCanManageMembers(actorRole);
  await db.$transaction(async (tx) => {
    const membership = await lockMembership(tx, orgId, membershipId);
    assertCanTouchOwnership(actorRole, membership.role);
    if (membership.role === 'owner') await assertAnotherOwnerRemains(tx, orgId, membershipId);
    await tx.membership.delete({ where: { id: membershipId } });
    await endSessions(membership.userId, tx);
  });
}
