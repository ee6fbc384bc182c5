import { expect, test } from '@playwright/test';
import { createOrg, createUser, type CreatedUser } from '@/tests/factories';

/** The dashboard in English and Arabic: a switch per user, remembered, with the page's direction. */
let user: CreatedUser;

test.beforeAll(async () => {
  const org = await createOrg();
  user = await createUser({ name: 'Lina Lang', memberships: [{ orgId: org.id, role: 'agent' }] });
});

test('Arabic from the browser, a switch that is remembered for the user, and back', async ({ browser }) => {
  const arabicBrowser = await browser.newContext({ locale: 'ar-SA' });
  const page = await arabicBrowser.newPage();
  await page.goto('/signin');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/sign-in-ar.png' });

  await page.getByLabel('اللغة').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/inbox/);
  await page.getByLabel('Language').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await arabicBrowser.close();

  // Another device, whose browser asks for English: the account's choice wins once signed in.
  const englishBrowser = await browser.newContext({ locale: 'en-US' });
  const other = await englishBrowser.newPage();
  await other.goto('/signin');
  await expect(other.locator('html')).toHaveAttribute('lang', 'en');
  await other.getByLabel('Email').fill(user.email);
  await other.getByLabel('Password').fill(user.password);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other).toHaveURL(/\/inbox/);
  await expect(other.locator('html')).toHaveAttribute('lang', 'ar');
  await englishBrowser.close();
});
