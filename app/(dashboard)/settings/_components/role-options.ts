import type { MemberRole } from '@/server/db';

/** Every role, highest first; their names are the `common.roles` messages. */
export const roles: MemberRole[] = ['owner', 'admin', 'agent', 'marketer'];

/** The roles the acting member may hand out: only owners make owners. */
export function grantableRoles(myRole: MemberRole): MemberRole[] {
  return myRole === 'owner' ? roles : roles.filter((role) => role !== 'owner');
}
