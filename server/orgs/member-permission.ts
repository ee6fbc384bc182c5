import type { MemberRole } from '@/server/db';
import { OrgAccessError } from '@/server/errors/org-access-error';

/** Owners and admins run the organization; only owners hand out or take away ownership. */
export function canManageMembers(role: MemberRole): boolean {
  return role === 'owner' || role === 'admin';
}

export function assertCanManageMembers(role: MemberRole): void {
  if (!canManageMembers(role)) throw new OrgAccessError('Only owners and admins can manage the organization and its members.');
}

export function assertCanTouchOwnership(actorRole: MemberRole, ...roles: MemberRole[]): void {
  if (actorRole !== 'owner' && roles.includes('owner')) throw new OrgAccessError('Only owners can grant, change or remove the owner role.');
}
