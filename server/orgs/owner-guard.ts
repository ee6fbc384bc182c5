import type { DbTx } from '@/server/db';
import { OrgRuleError } from '@/server/errors/org-rule-error';

/**
 * Inside a transaction: locks the organization row, so concurrent role changes and removals
 * run one at a time (two owners demoting each other cannot leave none), and returns the
 * membership being changed.
 */
export async function lockMembership(tx: DbTx, orgId: string, membershipId: string) {
  await tx.$queryRaw`SELECT id FROM organizations WHERE id = ${orgId} FOR UPDATE`;
  const membership = await tx.membership.findFirst({ where: { id: membershipId, orgId } });
  if (!membership) throw new OrgRuleError('not_found', 'member_not_found', 'No such member.');
  return membership;
}

export async function assertAnotherOwnerRemains(tx: DbTx, orgId: string, membershipId: string): Promise<void> {
  const others = await tx.membership.count({ where: { orgId, role: 'owner', id: { not: membershipId } } });
  if (others === 0)
    throw new OrgRuleError('conflict', 'last_owner', 'An organization needs at least one owner. Make someone else an owner first.');
}
