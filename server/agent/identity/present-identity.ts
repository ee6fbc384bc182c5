import { listMemberships } from '@/server/orgs/list-memberships';

/** `{ user, organizations }`: who signed in and where they may work, with their role in each. */
export async function presentIdentity(user: { id: string; email: string; name: string }) {
  const memberships = await listMemberships({ userId: user.id });
  return {
    user: { id: user.id, object: 'user' as const, email: user.email, name: user.name },
    organizations: memberships.map((m) => ({ id: m.orgId, object: 'organization' as const, name: m.orgName, role: m.role })),
  };
}
