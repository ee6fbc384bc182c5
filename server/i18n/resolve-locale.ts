import { cookies, headers } from 'next/headers';
import { getSessionUser } from '@/server/auth/get-session-user';
import { db } from '@/server/db';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, localeFromAcceptLanguage, type Locale } from './locales';

/**
 * The language a page renders in: the browser's remembered choice, else the signed-in user's
 * saved one (a new device), else the browser's Accept-Language, else English.
 */
export async function resolveLocale(): Promise<Locale> {
  const remembered = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(remembered)) return remembered;
  const user = await getSessionUser();
  if (user) {
    const saved = (await db.user.findUnique({ where: { id: user.id }, select: { locale: true } }))?.locale;
    if (isLocale(saved)) return saved;
  }
  return localeFromAcceptLanguage((await headers()).get('accept-language')) ?? DEFAULT_LOCALE;
}
