import { db } from '@/server/db';
import type { Locale } from './locales';

/** Saves a user's language, so their next device opens in it too. */
export async function saveUserLocale(userId: string, locale: Locale): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { locale } });
}
