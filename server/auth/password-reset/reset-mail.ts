import { createTranslator } from 'next-intl';
import { config } from '@/server/config';
import { catalogue } from '@/server/i18n/catalogue';
import type { Locale } from '@/server/i18n/locales';
import type { Mail } from '@/server/mail/mail';
import { RESET_TOKEN_TTL_MS } from './reset-token';

/**
 * The link is built from APP_URL, never from the request's Host header, which a client chooses:
 * a forged Host would otherwise mail the victim a link to the attacker's site, carrying their token.
 */
export function resetLink(token: string): string {
  return `${config.APP_URL.replace(/\/$/, '')}/reset-password/${token}`;
}

/** The reset mail in the reader's language (messages/<locale>/passwordReset.json, `mail`). */
export function resetMail(to: { email: string; name: string }, token: string, locale: Locale): Mail {
  const t = createTranslator({ locale, messages: catalogue(locale) as never, namespace: 'passwordReset.mail' as never }) as unknown as (
    key: string,
    values?: Record<string, string | number>,
  ) => string;
  const values = { name: to.name, link: resetLink(token), minutes: RESET_TOKEN_TTL_MS / 60_000 };
  return { to: to.email, subject: t('subject'), text: t('body', values) };
}
