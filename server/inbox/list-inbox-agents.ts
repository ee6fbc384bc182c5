import { db } from '@/server/db';

/** Members a conversation can be assigned to, by name. */
export async function listInboxAgents(orgId: string) {
  const rows = await db.membership.findMany({
    where: { orgId },
    select: { role: true, user: { select: { id: true, name: true, email: true } } },
    orderBy: { user: { name: 'asc' } },
    take: 500,
  });
  return rows.map(({ role, user }) => ({ ...user, role }));
}
