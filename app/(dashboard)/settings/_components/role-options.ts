import type { MemberRole } from '@/server/db';

export const roleLabels: Record<MemberRole, string> = { owner: 'Owner', admin: 'Admin', agent: 'Agent', marketer: 'Marketer' };

/** The roles the acting member may hand out: only owners make owners. */
export function grantableRoles(myRole: MemberRole): MemberRole[] {
  const all = Object.keys(roleLabels) as MemberRole[];
  return myRole === 'owner' ? all : all.filter((role) => role !== 'owner');
}
