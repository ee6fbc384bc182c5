import { listMemberships, type OrgMembership } from './list-memberships';
import { OrgAccessError } from '@/server/errors/org-access-error';

/**
 * Checks that the user may switch to the organization and returns that membership; the caller
 * stores the choice (the dashboard in a cookie). Non-members get the same error whether or not
 * the organization exists.
 */
export async function switchActiveOrg({ userId, orgId }: { userId: string; orgId: string }): Promise<OrgMembership> {
  const memberships = await listMemberships({ userId });
  const membership = memberships.find((m) => m.orgId === orgId);
  if (!membership) throw new OrgAccessError('You are not a member of this organization.');
  return membership;
}
