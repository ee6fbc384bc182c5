import { expect, test, type Page } from '@playwright/test';
import { db } from '@/server/db';
import { seriousAxeViolations } from './support/axe';
import { expectNoHorizontalScroll, viewports } from './support/layout';
import { useOpenSignUp } from './support/open-sign-up';

// Sign-up (docs/going-live.md, "Signing up"): closed on the suite's stack, as by default; open on
// a second web process of the same build started with SIGNUP_OPEN=true.
const { base: openBase, newEmail } = useOpenSignUp(3071, 'web-signup');

async function fillSignUp(page: Page, labels: { name: string; email: string; password: string; organization: string }, values: string[]) {
  const [name, email, password, organization] = values as [string, string, string, string];
  await page.getByLabel(labels.name).fill(name);
  await page.getByLabel(labels.email).fill(email);
  await page.getByLabel(labels.password).fill(password);
  await page.getByLabel(labels.organization).fill(organization);
}

test('closed by default: the page says accounts come by invitation, shows no form, and sign-in does not offer it', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Sign-up is by invitation' })).toBeVisible();
  await expect(page.getByRole('form')).toHaveCount(0);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveCount(0);
});

test('a new business signs itself up at 1440 px in English, lands in its own dashboard, and an email with an account is refused', async ({
  page,
}) => {
  await page.setViewportSize(viewports.desktop);
  await page.goto(`${openBase}/signin`);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  const labels = { name: 'Your name', email: 'Email', password: 'Password', organization: 'Organization' };
  const email = newEmail();

  await fillSignUp(page, labels, ['Nora Founder', email, 'short', 'Nora’s Bakery']);
  await page.getByRole('button', { name: 'Create account' }).click();
  // The browser's own check stops a password under 12 characters before anything is sent.
  await expect(page).toHaveURL(/\/signup$/);
  expect(await db.user.count({ where: { email } })).toBe(0);

  await page.getByLabel(labels.password).fill('a long enough password');
  await page.getByRole('button', { name: 'Create account' }).click();
  // A new organization lands on its setup checklist (setup-checklist.spec.ts).
  await expect(page).toHaveURL(/\/get-started$/);
  await expect(page.getByText('Nora’s Bakery').first()).toBeVisible();
  const owner = await db.membership.findFirstOrThrow({
    where: { user: { email } },
    select: { role: true, organization: { select: { name: true } } },
  });
  expect([owner.role, owner.organization.name]).toEqual(['owner', 'Nora’s Bakery']);

  const other = await page.context().browser()!.newPage();
  await other.goto(`${openBase}/signup`);
  await fillSignUp(other, labels, ['Someone Else', email.toUpperCase(), 'another long password', 'Copycat']);
  await other.getByRole('button', { name: 'Create account' }).click();
  await expect(other.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
    'An account with this email exists. Sign in instead, or use the invitation you received.',
  );
  await other.close();
});

test('in Arabic on a phone the page reads right to left, fits the screen and signs up', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ar-SA', viewport: viewports.phone });
  const page = await context.newPage();
  await page.goto(`${openBase}/signup`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'أنشئ حسابك' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await fillSignUp(page, { name: 'اسمك', email: 'البريد الإلكتروني', password: 'كلمة المرور', organization: 'المؤسسة' }, [
    'نورة',
    newEmail(),
    'كلمة مرور طويلة بما يكفي',
    'مخبز نورة',
  ]);
  await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
  await expect(page).toHaveURL(/\/get-started$/);
  await expect(page.getByText('مخبز نورة').filter({ visible: true }).first()).toBeVisible();
  await context.close();
});
