import { db, type MemberRole } from '@/server/db';

export interface OrgMembership {
  orgId: string;
  orgName: string;
  orgSlug: string;
  role: MemberRole;
}

/** The organizations the user belongs to, with their role in each, ordered by organization name. */
export async function listMemberships({ userId }: { userId: string }): Promise<OrgMembership[]> {
  const rows = await db.membership.findMany({
    where: { userId },
    select: { role: true, organization: { select: { id: true, name: true, slug: true } } },
    orderBy: [{ organization: { name: 'asc' } }, { orgId: 'asc' }],
  });
  return rows.map((row) => ({
    orgId: row.organization.id,
    orgName: row.organization.name,
    orgSlug: row.organization.slug,
    role: row.role,
  }));
}
