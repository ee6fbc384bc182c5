import type { Page } from '@playwright/test';

/** Opens `path` signed out and signs in on the page it leads to. */
export async function signInAt(page: Page, path: string, user: { email: string; password: string }): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
