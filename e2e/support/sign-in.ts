import type { Page } from '@playwright/test';

/** Opens `path` signed out and signs in on the page it leads to, in whatever language it shows. */
export async function signInAt(page: Page, path: string, user: { email: string; password: string }): Promise<void> {
  await page.goto(path);
  await page.getByRole('textbox', { name: /^(Email|البريد الإلكتروني)$/ }).fill(user.email);
  await page.locator('input[name=password]').fill(user.password);
  await page.getByRole('button', { name: /^(Sign in|تسجيل الدخول)$/ }).click();
}
