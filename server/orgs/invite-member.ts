import { db, type MemberRole } from '@/server/db';
import { newId } from '@/server/db/ids';
import { createInviteToken, INVITE_TTL_MS, inviteUrl } from './invite-token';
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
 * a one-time link to choose one. Someone who already has a password (`hasAccount`) signs in as
 * before and finds the organization there; their link only answers "log in first"
 * (acceptInvite never sets a password an account already has, so no inviter can take it over).
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
  if (existing) throw new OrgRuleError('conflict', 'already_member', `${user.email} is already a member of this organization.`);
  const membership = await db.membership.create({ data: { id: newId('membership'), orgId, userId: user.id, role } });
  const now = new Date();
  return {
    membershipId: membership.id,
    userId: user.id,
    email: user.email,
    role,
    hasAccount: !isAwaitingPassword(user.passwordHash),
    inviteUrl: inviteUrl(createInviteToken(user, now)),
    expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
  };
}
