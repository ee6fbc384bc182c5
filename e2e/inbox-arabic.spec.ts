import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { db } from '@/server/db';
import { closeRedis } from '@/server/redis';
import { createOrg, createUser, type CreatedUser, deleteOrgs } from '@/tests/factories';
import { createConnectedAccount } from '@/tests/platform-factories';
import { randomPhone, simulator } from '@/tests/support/stack';
import { expectNoHorizontalScroll, viewports } from './support/layout';

/**
 * The inbox in Arabic: right to left, its own words, and each customer's text in its own
 * direction (an English message left to right inside the Arabic page, and the other way round).
 */
let agent: CreatedUser;
let org: { id: string };

const englishCustomer = { name: 'Emma English', text: 'Hi, where is my parcel?' };
const arabicCustomer = { name: 'ليلى أحمد', text: 'مرحبًا، أين طلبي؟ أنتظره منذ يومين.' };

test.beforeAll(async () => {
  org = await createOrg({ name: `شركة التجربة ${Math.random().toString(36).slice(2, 8)}` });
  const account = await createConnectedAccount(org.id, { name: 'main' });
  agent = await createUser({ name: 'Amal Agent', memberships: [{ orgId: org.id, role: 'agent' }] });
  for (const customer of [englishCustomer, arabicCustomer]) {
    await simulator('/_sim/inbound', { phone_id: account.phoneId, from: randomPhone(), text: customer.text, name: customer.name });
  }
});

test.afterAll(async () => {
  await db.user.deleteMany({ where: { id: agent.id } });
  await deleteOrgs([org.id]);
  await db.$disconnect();
  closeRedis();
});

async function signIn(page: Page, labels: { email: string; password: string; submit: string }) {
  await page.goto('/signin?callbackUrl=%2Finbox');
  await page.getByLabel(labels.email).fill(agent.email);
  await page.getByLabel(labels.password).fill(agent.password);
  await page.getByRole('button', { name: labels.submit }).click();
  await expect(page).toHaveURL(/\/inbox$/);
}

const conversation = (page: Page, name: string) => page.getByTestId('conversation').filter({ hasText: name });
/** A message's text: the paragraph inside its bubble that holds what was written. */
const messageText = (page: Page, text: string) => page.getByTestId('message').locator('p[dir="auto"]', { hasText: text });
const direction = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).direction);

async function expectDirection(locator: Locator, value: 'ltr' | 'rtl') {
  await expect(locator).toHaveAttribute('dir', 'auto');
  expect(await direction(locator)).toBe(value);
}

async function expectNoSeriousAxeViolations(page: Page, name: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
  expect(serious, name).toEqual([]);
}

const arabicSignIn = { email: 'البريد الإلكتروني', password: 'كلمة المرور', submit: 'تسجيل الدخول' };
const replies = { desktop: 'تم شحن طلبك هذا الصباح.', phone: 'سيصلك الطلب غدًا إن شاء الله.' } as const;

for (const [size, viewport] of Object.entries(viewports)) {
  test(`an agent works the inbox in Arabic (${size})`, async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ar-SA', viewport });
    const page = await context.newPage();
    await signIn(page, arabicSignIn);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'صندوق الوارد' })).toBeVisible();
    const tabs = page.getByRole('group', { name: 'الحالة' });
    await expect(tabs.getByTestId('status-open')).toContainText('مفتوحة');
    await expect(tabs.getByTestId('status-snoozed')).toContainText('مؤجَّلة');
    await expect(tabs.getByTestId('status-resolved')).toContainText('محلولة');
    await expect(page.getByRole('searchbox', { name: 'البحث في المحادثات' })).toBeVisible();

    // Each customer's name (and the Arabic one's last message) in its own direction, in the list.
    const english = conversation(page, englishCustomer.name);
    const arabic = conversation(page, arabicCustomer.name);
    await expect(english).toBeVisible({ timeout: 15_000 });
    await expect(arabic).toBeVisible({ timeout: 15_000 });
    await expectDirection(english.locator('[dir="auto"]', { hasText: englishCustomer.name }), 'ltr');
    await expectDirection(arabic.locator('[dir="auto"]', { hasText: arabicCustomer.name }), 'rtl');
    await expectDirection(arabic.locator('[dir="auto"]', { hasText: arabicCustomer.text }), 'rtl');
    await expectNoHorizontalScroll(page);

    // The English customer's message reads left to right inside the Arabic page; a reply goes out.
    await english.click();
    await expectDirection(messageText(page, englishCustomer.text), 'ltr');
    await expect(page.getByTestId('window-state')).toContainText('تُغلق النافذة بعد');
    const reply = page.getByRole('textbox', { name: 'الرد' });
    const replyText = replies[size as keyof typeof replies];
    await reply.fill(replyText);
    await reply.press('Enter');
    const sent = page.getByTestId('message').filter({ hasText: replyText });
    await expect(sent).toHaveAttribute('data-direction', 'outgoing');
    await expectDirection(messageText(page, replyText), 'rtl');
    // Outgoing at the end side (left in Arabic), the customer's at the start side (right).
    const incomingBox = await messageText(page, englishCustomer.text).boundingBox();
    const outgoingBox = await messageText(page, replyText).boundingBox();
    expect(outgoingBox!.x).toBeLessThan(incomingBox!.x);
    await expectNoHorizontalScroll(page);

    if (size === 'phone') {
      // Back to the list, whose chevron points right (the way back in Arabic).
      const back = page.getByRole('button', { name: 'العودة إلى المحادثات' });
      expect(await back.locator('svg').evaluate((svg) => getComputedStyle(svg).rotate)).toBe('180deg');
      await back.click();
      await expect(arabic).toBeVisible();
    }
    await arabic.click();
    await expectDirection(messageText(page, arabicCustomer.text), 'rtl');
    await expect(page.getByTestId('thread-title')).toHaveText(arabicCustomer.name);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousAxeViolations(page, `inbox in Arabic at ${size}`);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `e2e/artifacts/inbox-ar-${size}.png` });

    if (size === 'phone') {
      await page.getByRole('button', { name: 'العودة إلى المحادثات' }).click();
      await expect(english).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'الرد' })).toBeHidden();
    } else {
      // The shortcuts on an Arabic keyboard: the j key types ت, Shift and the / key type ؟.
      const focusedConversation = page.locator('[data-testid="conversation"]:focus');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await expect(focusedConversation).toHaveCount(0);
      await page.evaluate(() => {
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ت', code: 'KeyJ', bubbles: true }));
      });
      await expect(focusedConversation).toHaveCount(1);
      await page.evaluate(() => {
        window.dispatchEvent(new KeyboardEvent('keydown', { key: '؟', code: 'Slash', shiftKey: true, bubbles: true }));
      });
      await expect(page.getByRole('dialog', { name: 'اختصارات لوحة المفاتيح' })).toBeVisible();
    }
    await context.close();
  });
}

test('in the English inbox an Arabic message reads right to left', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US', viewport: viewports.desktop });
  const page = await context.newPage();
  await signIn(page, { email: 'Email', password: 'Password', submit: 'Sign in' });
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await conversation(page, arabicCustomer.name).click();
  const bubble = messageText(page, arabicCustomer.text);
  await expectDirection(bubble, 'rtl');
  await expect(page.getByTestId('thread-title')).toHaveAttribute('dir', 'auto');
  expect(await direction(page.getByTestId('thread-title'))).toBe('rtl');
  await context.close();
});
