import { db, type MemberRole } from '@/server/db';
import { newId } from '@/server/db/ids';
import { createInviteToken, inviteUrl } from './invite-token';
import { isAwaitingPassword, unusablePasswordHash } from './invited-password';
import { assertCanManageMembers, assertCanTouchOwnership } from './member-permission';
import { OrgRuleError } from '@/server/errors/org-rule-error';

interface InviteMemberOptions {
  orgId: string;
  actorRole: MemberRole;
  email: string;
  role: MemberRole;
  name?: string;
}

/**
 * Adds a person to the organization. A new email gets an account with an unusable password and
 * a one-time link to choose one. Someone who already has a password gets no link (it would let
 * the inviter take over their account): they sign in as before and find the organization there.
 */
export async function inviteMember({ orgId, actorRole, email, role, name }: InviteMemberOptions) {
  assertCanManageMembers(actorRole);
  assertCanTouchOwnership(actorRole, role);
  const normalized = email.trim().toLowerCase();
  const user =
    (await db.user.findFirst({ where: { email: { equals: normalized, mode: 'insensitive' } }, omit: { passwordHash: false } })) ??
    (await db.user.create({
      data: {
        id: newId('user'),
        email: normalized,
        name: name?.trim() || normalized.split('@')[0] || normalized,
        passwordHash: unusablePasswordHash(),
      },
      omit: { passwordHash: false },
    }));
  const existing = await db.membership.findUnique({ where: { userId_orgId: { userId: user.id, orgId } } });
  if (existing) throw new OrgRuleError('conflict', `${user.email} is already a member of this organization.`);
  await db.membership.create({ data: { id: newId('membership'), orgId, userId: user.id, role } });
  const link = isAwaitingPassword(user.passwordHash) ? inviteUrl(createInviteToken(user)) : null;
  return { userId: user.id, email: user.email, role, inviteUrl: link };
}
