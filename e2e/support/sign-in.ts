import type { Page } from '@playwright/test';
import { db } from '@/server/db';
import { SESSION_COOKIE, sessionSetCookie } from '@/server/auth/session-cookie';
import { appUrl } from '@/tests/support/stack';

/**
 * Opens `path` as `user`, signed in. The session is the one the server itself mints
 * (`sessionSetCookie`: the claims, secret and cookie NextAuth's sign-in sets), so a spec about a
 * page does not pay for a sign-in form, two page loads and a password hash check every time;
 * signing in through the form, and coming back to the page asked for, is shell.spec.ts's subject.
 */
export async function signInAt(page: Page, path: string, user: { email: string }): Promise<void> {
  const account = await db.user.findFirstOrThrow({
    where: { email: { equals: user.email, mode: 'insensitive' } },
    select: { id: true, email: true, name: true, sessionVersion: true },
  });
  const setCookie = await sessionSetCookie(account);
  const value = setCookie.slice(SESSION_COOKIE.length + 1, setCookie.indexOf(';'));
  await page.context().addCookies([{ name: SESSION_COOKIE, value, url: appUrl, httpOnly: true, sameSite: 'Lax' }]);
  await page.goto(path);
}
