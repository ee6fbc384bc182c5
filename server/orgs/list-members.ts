import { db } from '@/server/db';
import { isAwaitingPassword } from './invited-password';

/** The organization's members, oldest first, with whether they still have to choose a password. */
export async function listMembers(orgId: string) {
  const rows = await db.membership.findMany({
    where: { orgId },
    select: { id: true, role: true, createdAt: true, user: { select: { id: true, name: true, email: true, passwordHash: true } } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return rows.map((row) => ({
    id: row.id,
    userId: row.user.id,
    name: row.user.name,
    email: row.user.email,
    role: row.role,
    joinedAt: row.createdAt,
    invitationPending: isAwaitingPassword(row.user.passwordHash),
  }));
}
