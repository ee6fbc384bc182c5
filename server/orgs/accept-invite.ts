import { hashPassword } from '@/server/auth/password';
import { db } from '@/server/db';
import { inviteTokenMatches, readInviteToken } from './invite-token';

/** Who an invitation link is for, or null when it is forged, expired or already used. */
export async function findInvite(token: string) {
  const claims = readInviteToken(token);
  if (!claims) return null;
  const user = await db.user.findUnique({
    where: { id: claims.userId },
    select: { id: true, email: true, name: true, passwordHash: true, memberships: { select: { organization: { select: { name: true } } } } },
  });
  if (!user || !inviteTokenMatches(token, user.passwordHash)) return null;
  return {
    user: { id: user.id, email: user.email, name: user.name },
    passwordHash: user.passwordHash,
    orgNames: user.memberships.map((m) => m.organization.name),
  };
}

/**
 * Sets the invitee's password, which is what makes the link one-time. The update only applies
 * while the hash is still the one the link was checked against, so two concurrent uses of one
 * link cannot both succeed.
 */
export async function acceptInvite(token: string, password: string): Promise<{ email: string } | null> {
  const invite = await findInvite(token);
  if (!invite) return null;
  const { count } = await db.user.updateMany({
    where: { id: invite.user.id, passwordHash: invite.passwordHash },
    // A new password ends any session signed in with the old one.
    data: { passwordHash: await hashPassword(password), sessionVersion: { increment: 1 } },
  });
  return count === 1 ? { email: invite.user.email } : null;
}
