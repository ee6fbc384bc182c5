'use server';

import { getLocale, getTranslations } from 'next-intl/server';
import { headers } from 'next/headers';
import { z } from 'zod';
import { requestPasswordReset } from '@/server/auth/password-reset/request-password-reset';
import { PasswordResetThrottledError, PasswordResetUnavailableError } from '@/server/auth/password-reset/reset-limit';
import { CLIENT_ADDRESS_HEADER } from '@/server/http/client-address';
import { isLocale } from '@/server/i18n/locales';
import { MailUnavailableError } from '@/server/mail/send-mail';

export type ForgotPasswordAnswer = { sent: string } | { refusal: string };

/**
 * Mails a reset link when the email has an account (server/auth/password-reset/). Answers every
 * valid address alike, so the form cannot be used to learn who has an account.
 */
export async function askForResetLink(email: string): Promise<ForgotPasswordAnswer> {
  const t = await getTranslations('passwordReset.errors');
  const parsed = z.email().max(320).safeParse(email.trim());
  if (!parsed.success) return { refusal: t('email') };
  const address = (await headers()).get(CLIENT_ADDRESS_HEADER) ?? '';
  const locale = await getLocale();
  try {
    await requestPasswordReset({ email: parsed.data, address, locale: isLocale(locale) ? locale : 'en' });
  } catch (error) {
    if (error instanceof PasswordResetThrottledError) return { refusal: t('throttled', { minutes: Math.ceil(error.retryAfterS / 60) }) };
    if (error instanceof PasswordResetUnavailableError || error instanceof MailUnavailableError) return { refusal: t('unavailable') };
    throw error;
  }
  return { sent: parsed.data };
}
