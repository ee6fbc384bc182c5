import type { AuthenticatedUser } from '@/server/auth/verify-credentials';
import { hashPassword } from '@/server/auth/password';
import { db } from '@/server/db';
import { isAwaitingPassword } from './invited-password';
import { inviteTokenMatches, readInviteToken } from './invite-token';
import { OrgRuleError } from '@/server/errors/org-rule-error';

const expired = () =>
  new OrgRuleError(
    'conflict',
    'invitation_expired',
    'This invitation expired, was revoked or was already used. Links work once and expire after 7 days.',
  );

/**
 * The invitation a link stands for. Refused with `invitation_expired` when the link is forged,
 * expired, already used (the password it was signed against changed) or revoked (the person
 * belongs to no organization any more), and with `email_taken` when the account already has a
 * password: that person logs in instead.
 */
export async function readInvitation(token: string) {
  const claims = readInviteToken(token);
  if (!claims) throw expired();
  const user = await db.user.findUnique({
    where: { id: claims.userId },
    select: { id: true, email: true, name: true, passwordHash: true, memberships: { select: { organization: { select: { name: true } } } } },
  });
  if (!user || !inviteTokenMatches(token, user.passwordHash) || user.memberships.length === 0) throw expired();
  if (!isAwaitingPassword(user.passwordHash))
    throw new OrgRuleError('conflict', 'email_taken', `${user.email} already has an account. Log in first.`);
  return {
    user: { id: user.id, email: user.email, name: user.name },
    passwordHash: user.passwordHash,
    orgNames: user.memberships.map((m) => m.organization.name),
  };
}

/** For the invitation page: who the link is for, or null when it cannot be used. */
export async function findInvite(token: string) {
  try {
    return await readInvitation(token);
  } catch (error) {
    if (error instanceof OrgRuleError) return null;
    throw error;
  }
}

/**
 * Sets the invitee's password (and name, if given), which is what makes the link one-time. The
 * update only applies while the hash is still the one the link was checked against, so two
 * concurrent uses of one link cannot both succeed. Returns the user as a new session needs it.
 */
export async function acceptInvite(token: string, choice: { password: string; name?: string }): Promise<AuthenticatedUser> {
  const invite = await readInvitation(token);
  const { count } = await db.user.updateMany({
    where: { id: invite.user.id, passwordHash: invite.passwordHash },
    // A new password ends any session signed in with the old one.
    data: {
      passwordHash: await hashPassword(choice.password),
      sessionVersion: { increment: 1 },
      ...(choice.name?.trim() ? { name: choice.name.trim() } : {}),
    },
  });
  if (count !== 1) throw expired();
  return db.user.findUniqueOrThrow({ where: { id: invite.user.id }, select: { id: true, email: true, name: true, sessionVersion: true } });
}
