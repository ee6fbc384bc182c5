'use server';

import { cookies } from 'next/headers';
import { getSessionUser } from '@/server/auth/get-session-user';
import { isLocale, LOCALE_COOKIE } from '@/server/i18n/locales';
import { saveUserLocale } from '@/server/i18n/set-locale';

const YEAR_S = 365 * 24 * 3600;

/** The language switch: this browser remembers the choice, and a signed-in user's account keeps it. */
export async function chooseLocale(locale: string): Promise<void> {
  if (!isLocale(locale)) throw new Error('Unknown language');
  (await cookies()).set(LOCALE_COOKIE, locale, { path: '/', maxAge: YEAR_S, sameSite: 'lax', httpOnly: true });
  const user = await getSessionUser();
  if (user) await saveUserLocale(user.id, locale);
}
