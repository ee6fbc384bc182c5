import { hashPassword } from '@/server/auth/password';
import { forgetSignInFailures } from '@/server/auth/sign-in-throttle';
import { db } from '@/server/db';
import { hashResetToken, isResetTokenShaped } from './reset-token';

export class ResetLinkInvalidError extends Error {
  constructor() {
    super('This password reset link is unknown, expired or already used.');
  }
}

/** The account a reset link is for while it can still be used (known, unused, not expired), else null. */
export async function findPasswordReset(token: string, now = new Date()): Promise<{ email: string } | null> {
  if (!isResetTokenShaped(token)) return null;
  const row = await db.passwordResetToken.findUnique({
    where: { tokenHash: hashResetToken(token) },
    select: { expiresAt: true, usedAt: true, user: { select: { email: true } } },
  });
  return row && !row.usedAt && row.expiresAt > now ? { email: row.user.email } : null;
}

/**
 * Sets the new password a reset link was used for. The link is spent in the same transaction,
 * conditionally, so two uses of one link cannot both succeed; every session of the user ends
 * (their session version moves on: server/auth/session-version.ts), so whoever knew the old
 * password is signed out too, and the client's failed sign-ins with that email are forgotten, so
 * the new password works at once. Throws ResetLinkInvalidError for an unknown, used or expired link.
 */
export async function resetPassword({ token, password, address }: { token: string; password: string; address: string }): Promise<void> {
  // Checked before the hash, which is costly on purpose: a made-up token costs one lookup.
  if (!(await findPasswordReset(token))) throw new ResetLinkInvalidError();
  const tokenHash = hashResetToken(token);
  const passwordHash = await hashPassword(password);
  const { email } = await db.$transaction(async (tx) => {
    const now = new Date();
    const { count } = await tx.passwordResetToken.updateMany({
      where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (count !== 1) throw new ResetLinkInvalidError();
    const { userId } = await tx.passwordResetToken.findUniqueOrThrow({ where: { tokenHash }, select: { userId: true } });
    return tx.user.update({ where: { id: userId }, data: { passwordHash, sessionVersion: { increment: 1 } }, select: { email: true } });
  });
  await forgetSignInFailures(email, address);
}
