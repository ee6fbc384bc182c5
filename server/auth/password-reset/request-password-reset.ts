import { db } from '@/server/db';
import { isLocale, type Locale } from '@/server/i18n/locales';
import { logger } from '@/server/logger';
import { isAwaitingPassword } from '@/server/orgs/invited-password';
import { MailUnavailableError, mailDelivery, sendMail } from '@/server/mail/send-mail';
import { countPasswordResetRequest } from './reset-limit';
import { resetMail } from './reset-mail';
import { newResetToken, RESET_TOKEN_TTL_MS } from './reset-token';

interface ResetRequest {
  email: string;
  /** The client's address (limited per address: reset-limit.ts). */
  address: string;
  /** The page's language: the mail's, unless the user chose one in the dashboard. */
  locale: Locale;
}

/**
 * "Forgot password": when the email has an account, a new link (replacing any earlier one) is
 * mailed to it. The caller learns nothing either way; it answers every address alike. The mail
 * goes out after this returns, so an SMTP server's pace does not tell known addresses from
 * unknown ones; a failure to send is logged. An account still waiting for its invitation's
 * password gets no link: the invitation is its way in.
 */
export async function requestPasswordReset({ email, address, locale }: ResetRequest): Promise<void> {
  if (!mailDelivery()) throw new MailUnavailableError();
  const normalized = email.trim().toLowerCase();
  await countPasswordResetRequest(normalized, address);
  const user = await db.user.findFirst({
    where: { email: { equals: normalized, mode: 'insensitive' } },
    select: { id: true, email: true, name: true, locale: true, passwordHash: true },
  });
  if (!user || isAwaitingPassword(user.passwordHash)) return;
  const { token, tokenHash } = newResetToken();
  const now = new Date();
  await db.$transaction([
    // The newest link is the only one that works; spent and expired ones go too.
    db.passwordResetToken.deleteMany({ where: { OR: [{ userId: user.id }, { expiresAt: { lt: now } }] } }),
    db.passwordResetToken.create({ data: { tokenHash, userId: user.id, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) } }),
  ]);
  const mail = resetMail(user, token, isLocale(user.locale) ? user.locale : locale);
  sendMail(mail).catch((err: unknown) => logger.error({ err, userId: user.id }, 'the password reset mail could not be sent'));
}
