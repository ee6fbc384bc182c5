import { expect, test, type Page } from '@playwright/test';
import { longTexts, useDashboardWorld } from './support/dashboard-world';
import { expectFocusRingUnclipped, expectNoHorizontalScroll, expectReachable, viewports } from './support/layout';
import { signInAt } from './support/sign-in';

// One customer whose message is a 2,000-character URL and whose name has no spaces.
const world = useDashboardWorld();

const sendButton = (page: Page, name = 'Send') => page.getByRole('button', { name, exact: true });
const conversation = (page: Page) => page.getByTestId('conversation').filter({ hasText: longTexts.customerName.slice(0, 30) });
const longMessage = (page: Page) => page.getByTestId('message').filter({ hasText: longTexts.message.slice(0, 40) });

const languages = [
  { locale: 'en-US', lang: 'en', send: 'Send' },
  { locale: 'ar-SA', lang: 'ar', send: 'إرسال' },
];

for (const [size, viewport] of Object.entries(viewports)) {
  for (const { locale, lang, send } of languages) {
    test(`a 2,000-character unbroken message wraps and the Send button stays in reach (${size}, ${lang})`, async ({ browser }) => {
      const context = await browser.newContext({ locale, viewport });
      const page = await context.newPage();
      await signInAt(page, '/inbox', world().owner);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await conversation(page).click();
      await expect(longMessage(page)).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectReachable(sendButton(page, send));
      const bubble = await longMessage(page).boundingBox();
      expect(bubble && bubble.x).toBeGreaterThanOrEqual(0);
      expect(bubble && bubble.x + bubble.width).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: `e2e/artifacts/long-message-${size}-${lang}.png` });
      await context.close();
    });
  }

  test(`the inbox fills the screen without scrolling the page (${size})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAt(page, '/inbox', world().owner);
    await conversation(page).click();
    await expect(longMessage(page)).toBeVisible();
    const overflow = await page.evaluate(() => (document.scrollingElement?.scrollHeight ?? 0) - window.innerHeight);
    expect(overflow, 'the page scrolls past the inbox').toBeLessThanOrEqual(0);
  });
}

test('on a phone: the list, then the thread full screen with the composer in reach, details as a sheet, and back', async ({ page }) => {
  await page.setViewportSize(viewports.phone);
  await signInAt(page, '/inbox', world().owner);
  await conversation(page).click();

  // The thread replaces the list.
  await expect(page.getByTestId('thread-title')).toBeVisible();
  await expect(conversation(page)).toBeHidden();
  await expectReachable(page.getByRole('textbox', { name: 'Reply' }));
  await expectReachable(sendButton(page));
  await expectReachable(page.getByRole('button', { name: 'Back to conversations' }));

  // Contact details open over the thread and close again.
  await page.getByRole('button', { name: 'Details' }).click();
  const sheet = page.getByRole('dialog', { name: 'Contact details' });
  await expect(sheet).toBeVisible();
  await expectReachable(sheet.getByRole('button', { name: 'Close details' }));
  await expect(sheet.getByText(longTexts.note.slice(0, 30))).toBeVisible();
  await expectNoHorizontalScroll(page);
  await sheet.getByRole('button', { name: 'Close details' }).click();
  await expect(sheet).toBeHidden();
  await expectReachable(sendButton(page));

  await page.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(conversation(page)).toBeVisible();
  await expect(sendButton(page)).toBeHidden();
});

test('a note shows its time once, and a focused conversation shows its whole focus ring', async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  await signInAt(page, '/inbox', world().owner);
  await conversation(page).click();
  const note = page.getByRole('listitem').filter({ hasText: longTexts.note.slice(0, 30) });
  await expect(note).toBeVisible();
  expect((await note.innerText()).match(/\d{1,2}:\d{2}/g)).toHaveLength(1);

  await page.getByRole('searchbox', { name: 'Search conversations' }).focus();
  for (let i = 0; i < 20 && !(await conversation(page).evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(conversation(page)).toBeFocused();
  await expectFocusRingUnclipped(page);
});
