import { db, type MemberRole } from '@/server/db';
import { isAwaitingPassword } from './invited-password';
import { canManageMembers } from './member-permission';

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

/** The Settings page's list: the members, the viewer's role and whether it may manage them. */
export async function listMembersForMember(orgId: string, role: MemberRole) {
  return { canManage: canManageMembers(role), myRole: role, members: await listMembers(orgId) };
}
