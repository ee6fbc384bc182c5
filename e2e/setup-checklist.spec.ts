import { expect, test, type Page } from '@playwright/test';
import { db } from '@/server/db';
import { appUrl } from '@/tests/support/stack';
import { seriousAxeViolations } from './support/axe';
import { expectNoBrokenWords, expectNoHorizontalScroll, viewports } from './support/layout';
import { useOpenSignUp } from './support/open-sign-up';

// The first hour of a business that signs itself up: the setup checklist it lands on follows what
// it really did. Sign-up is open on a second web process of the same build (as in signup.spec.ts),
// on a port beside the suite's own so parallel stacks do not meet.
const { base: openBase, newEmail } = useOpenSignUp(Number(new URL(appUrl).port) + 53, 'web-setup');

async function signUp(page: Page, labels: string[], values: string[], submit: string) {
  const email = newEmail('first-hour');
  await page.goto(`${openBase}/signup`);
  const filled = [values[0]!, email, values[1]!, values[2]!];
  for (const [index, label] of labels.entries()) await page.getByLabel(label).fill(filled[index]!);
  await page.getByRole('button', { name: submit }).click();
  await expect(page).toHaveURL(/\/get-started$/);
  return email;
}

test('a new business lands on its checklist at 0 of 6, creates an API key, finds it ticked, and hides the checklist (1440 px, English)', async ({
  page,
}) => {
  await page.setViewportSize(viewports.desktop);
  const email = await signUp(
    page,
    ['Your name', 'Email', 'Password', 'Organization'],
    ['Hala Founder', 'a long enough password', 'Hala’s Flowers'],
    'Create account',
  );
  const checklist = page.getByRole('region', { name: 'Setup checklist' });
  const bar = checklist.getByRole('progressbar', { name: '0 of 6 done' });
  await expect(bar).toHaveAttribute('aria-valuenow', '0');
  await expect(bar).toHaveAttribute('aria-valuemax', '6');
  await expect(checklist.getByText('Not done yet')).toHaveCount(6);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get started' })).toHaveAttribute('aria-current', 'page');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await checklist.getByRole('link', { name: 'Create an API key' }).click();
  await expect(page).toHaveURL(/\/api-keys$/);
  await page.getByRole('button', { name: 'New API key' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Order system');
  await page.getByRole('group', { name: 'Messages' }).getByRole('checkbox', { name: 'messages:send' }).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByTestId('api-key-secret')).toBeVisible();
  await page.getByRole('button', { name: 'I stored it' }).click();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get started' }).click();
  await expect(checklist.getByRole('progressbar', { name: '1 of 6 done' })).toHaveAttribute('aria-valuenow', '1');
  await expect(page.getByTestId('setup-step-apiKey').getByText('Done', { exact: true })).toBeVisible();
  await expect(page.getByTestId('setup-step-connect').getByText('Not done yet')).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/setup-checklist.png', fullPage: true });

  await checklist.getByRole('button', { name: 'Hide the checklist' }).click();
  await expect(checklist.getByRole('status')).toContainText('The checklist is hidden for your organization.');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get started' })).toHaveCount(0);
  const org = await db.organization.findFirstOrThrow({ where: { memberships: { some: { user: { email } } } } });
  expect(org.setupDismissedAt).not.toBeNull();
  await page.goto(`${openBase}/`);
  await expect(page).toHaveURL(/\/inbox$/);
  // The inbox of an organization without a number says what to do next.
  await page.getByRole('link', { name: 'Connect a number' }).click();
  await expect(page).toHaveURL(/\/settings#accounts-heading$/);
});

test('in Arabic on a phone the checklist reads right to left, fits the screen and passes axe (390 px)', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ar-SA', viewport: viewports.phone });
  const page = await context.newPage();
  await signUp(page, ['اسمك', 'البريد الإلكتروني', 'كلمة المرور', 'المؤسسة'], ['هالة', 'كلمة مرور طويلة بما يكفي', 'زهور هالة'], 'إنشاء الحساب');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const checklist = page.getByRole('region', { name: 'قائمة الإعداد' });
  await expect(checklist.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await expect(checklist.getByText('لم تُنجز بعد')).toHaveCount(6);
  await expect(checklist.getByRole('link', { name: 'إنشاء مفتاح API' })).toHaveAttribute('href', '/api-keys');
  await expectNoHorizontalScroll(page);
  await expectNoBrokenWords(page);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'e2e/artifacts/setup-checklist-ar.png', fullPage: true });
  await context.close();
});
