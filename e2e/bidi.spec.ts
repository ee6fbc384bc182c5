import { expect, test } from '@playwright/test';
import type { CreatedUser } from '@/tests/factories';
import { randomPhone, simulator } from '@/tests/support/stack';
import { createInboxTeam, type InboxTeam } from './support/inbox-team';
import { viewports } from './support/layout';

// Text from outside in the Arabic inbox: a customer whose name carries a RIGHT-TO-LEFT OVERRIDE
// and writes in English. The override is gone from what staff read, and the name and the message
// each take their own direction.
let agent: CreatedUser;
let team: InboxTeam;

test.use({ viewport: viewports.phone, locale: 'ar-SA' });

test.beforeAll(async () => {
  team = await createInboxTeam('ثنائي', ['هدى']);
  agent = team.agents[0] as CreatedUser;
});

test.afterAll(() => team.cleanUp());

const direction = (el: Element) => getComputedStyle(el).direction;

test('a name with U+202E and an English message read isolated in the Arabic inbox', async ({ page }) => {
  await page.goto('/signin?callbackUrl=%2Finbox');
  await page.getByLabel('البريد الإلكتروني').fill(agent.email);
  await page.getByLabel('كلمة المرور').fill(agent.password);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'live');

  const text = 'Order 1234 ships on 2026-12-01.';
  await simulator('/_sim/inbound', { phone_id: team.account.phoneId, from: randomPhone(), text, name: '\u202Eevil' });
  const item = page.getByTestId('conversation').filter({ hasText: 'evil' });
  await expect(item).toBeVisible({ timeout: 20_000 });
  const name = item.locator('[title]').first();
  // What staff read: "evil", left to right, with no override left in the text or its tooltip.
  await expect(name).toHaveText('evil');
  expect(await name.evaluate(direction)).toBe('ltr');
  expect(await name.getAttribute('title')).toBe('\u2068evil\u2069');
  expect(await item.evaluate((el) => /[\u202A-\u202E]/.test(el.textContent ?? ''))).toBe(false);
  const preview = item.locator('[dir="auto"]', { hasText: text });
  expect(await preview.evaluate(direction)).toBe('ltr');

  await item.click();
  await expect(page.getByTestId('thread-title')).toHaveText('evil');
  expect(await page.getByTestId('thread-title').evaluate(direction)).toBe('ltr');
  const body = page.getByTestId('message').locator('[dir="auto"]', { hasText: text });
  await expect(body).toHaveText(text);
  expect(await body.evaluate(direction)).toBe('ltr');
  // The page around them stays Arabic, right to left.
  expect(await page.locator('html').evaluate(direction)).toBe('rtl');
  await page.screenshot({ path: 'e2e/artifacts/bidi-inbox-ar-390.png' });
});
