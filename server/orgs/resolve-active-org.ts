import { listMemberships, type OrgMembership } from './list-memberships';

export interface ActiveOrgState {
  memberships: OrgMembership[];
  /** Null only when the user belongs to no organization. */
  active: OrgMembership | null;
}

/**
 * The organization the user is working in: the one the `active_org` cookie names if the user
 * is still a member of it, else their first organization by name. The cookie is only a
 * preference — membership is checked here on every request, so a stale or forged value
 * never grants access.
 */
export async function resolveActiveOrg({
  userId,
  requestedOrgId,
}: {
  userId: string;
  requestedOrgId: string | null | undefined;
}): Promise<ActiveOrgState> {
  const memberships = await listMemberships({ userId });
  const active = memberships.find((m) => m.orgId === requestedOrgId) ?? memberships[0] ?? null;
  return { memberships, active };
}
