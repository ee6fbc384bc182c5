import { expect, test, type Page } from '@playwright/test';
import { db } from '@/server/db';
import { createOrg, createUser, deleteOrgs } from '@/tests/factories';
import { seriousAxeViolations } from './support/axe';
import { expectNoHorizontalScroll, viewports } from './support/layout';

// "Forgot password" (README, "Password reset"): the test stack runs outside production with no
// SMTP_URL, so the mail lands in the dev mailbox, where a person follows its link.
const orgs: string[] = [];

test.afterAll(async () => {
  await deleteOrgs(orgs);
  await db.$disconnect();
});

async function member() {
  const org = await createOrg();
  orgs.push(org.id);
  return createUser({ memberships: [{ orgId: org.id, role: 'admin' }] });
}

/** Opens the dev mailbox and follows the link of the newest mail to `email`. */
async function followMailedLink(page: Page, email: string, subject: string) {
  await page.goto('/dev/mailbox');
  const mail = page.getByRole('article').filter({ hasText: email }).first();
  await expect(mail.getByRole('heading', { name: subject })).toBeVisible();
  await mail.getByRole('link', { name: /\/reset-password\// }).click();
}

test('at 1440 px in English: forgot password, the link from the dev mailbox, a new password, then sign in with it', async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  const user = await member();
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  // The address is isolated (U+2066…U+2069), so it reads left to right inside Arabic text too.
  await expect(page.getByRole('status')).toContainText(`If an account uses \u2066${user.email}\u2069, we sent a link`);

  await page.goto('/dev/mailbox');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'e2e/artifacts/dev-mailbox.png' });
  await followMailedLink(page, user.email, 'Reset your password');
  const link = page.url();
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByLabel('New password', { exact: true }).fill('my new long password');
  await page.getByLabel('Repeat the new password').fill('my new long password');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password was changed');

  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill('my new long password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/inbox/);

  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link can’t be used' })).toBeVisible();
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('in Arabic on a phone the pages read right to left, fit the screen, and the mail is in Arabic', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ar-SA', viewport: viewports.phone });
  const page = await context.newPage();
  const user = await member();
  await page.goto('/signin');
  await page.getByRole('link', { name: 'نسيت كلمة المرور؟' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'إعادة تعيين كلمة المرور' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByLabel('البريد الإلكتروني').fill(user.email);
  await page.getByRole('button', { name: 'أرسل الرابط' }).click();
  await expect(page.getByRole('status')).toContainText('تحقق من بريدك الإلكتروني');
  await page.screenshot({ path: 'e2e/artifacts/password-reset-sent-ar.png' });

  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { level: 1, name: 'صندوق بريد التطوير' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'e2e/artifacts/dev-mailbox-ar.png', fullPage: true });
  await followMailedLink(page, user.email, 'إعادة تعيين كلمة المرور');
  await expect(page.getByRole('heading', { name: 'اختر كلمة مرور جديدة' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'e2e/artifacts/reset-password-ar.png' });
  await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('كلمة مرور جديدة طويلة');
  await page.getByLabel('أعد كتابة كلمة المرور الجديدة').fill('كلمة مرور جديدة طويلة');
  await page.getByRole('button', { name: 'احفظ كلمة المرور الجديدة' }).click();
  await expect(page.getByRole('status')).toContainText('تم تغيير كلمة المرور');

  await page.getByRole('link', { name: 'تسجيل الدخول' }).click();
  await page.getByLabel('البريد الإلكتروني').fill(user.email);
  await page.getByLabel('كلمة المرور').fill('كلمة مرور جديدة طويلة');
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page).toHaveURL(/\/inbox/);
  await context.close();
});
