import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import type { CreatedUser } from '@/tests/factories';
import { createInboxTeam, type InboxTeam } from './support/inbox-team';
import { expectNoHorizontalScroll, viewports } from './support/layout';

// Search finds a message in a resolved conversation: the tabs count it there, the result shows
// the message with the match marked, and choosing it opens the thread at that message, three
// pages back (older pages load until it is there), highlighted.
let agent: CreatedUser;
let team: InboxTeam;
const targets: Record<string, string> = {};

/** A resolved conversation of 100 messages; the 91st newest mentions `word`. */
async function seedConversation(name: string, word: string) {
  const contactId = newId('contact');
  const now = Date.now();
  targets[word] = newId('message');
  await db.contact.create({
    data: {
      id: contactId,
      orgId: team.org.id,
      accountId: team.account.id,
      phoneNumber: `+1555${Math.floor(1e6 + Math.random() * 8e6)}`,
      name,
      lastMessageAt: new Date(now),
      lastMessagePreview: 'message 0',
      conversationStatus: 'resolved',
    },
  });
  await db.message.createMany({
    data: Array.from({ length: 100 }, (_, i) => ({
      id: i === 90 ? (targets[word] as string) : newId('message'),
      orgId: team.org.id,
      contactId,
      accountId: team.account.id,
      direction: 'incoming' as const,
      type: 'text' as const,
      status: 'delivered' as const,
      content: i === 90 ? `Long ago I ordered a ${word} plush and it never came, can you check?` : `message ${i}`,
      createdAt: new Date(now - i * 60_000),
    })),
  });
}

test.beforeAll(async () => {
  team = await createInboxTeam('Search Co', ['Sol Search']);
  agent = team.agents[0] as CreatedUser;
  await seedConversation('Kim Kangaroo', 'wombat');
  await seedConversation('نور', 'platypus');
});

test.afterAll(() => team.cleanUp());

const words = {
  en: { email: 'Email', password: 'Password', submit: 'Sign in', search: 'Search conversations' },
  ar: { email: 'البريد الإلكتروني', password: 'كلمة المرور', submit: 'تسجيل الدخول', search: 'البحث في المحادثات' },
};

async function searchAndOpen(page: Page, lang: 'en' | 'ar', name: string, word: string, shot: string) {
  await page.goto('/signin?callbackUrl=%2Finbox');
  await page.getByLabel(words[lang].email).fill(agent.email);
  await page.getByLabel(words[lang].password).fill(agent.password);
  await page.getByRole('button', { name: words[lang].submit }).click();
  await expect(page).toHaveURL(/\/inbox$/);

  await page.getByRole('searchbox', { name: words[lang].search }).fill(word);
  await expect(page.getByTestId('count-resolved')).toHaveText(/^(1|١)$/);
  await expect(page.getByTestId('count-open')).toHaveText(/^(0|٠)$/);
  await page.getByTestId('status-resolved').click();

  const result = page.getByTestId('conversation').filter({ hasText: name });
  const match = result.getByTestId('search-match');
  await expect(match.locator('mark')).toHaveText(word);
  await expect(match).toContainText(`ordered a ${word} plush`);
  await expect(match).toHaveAttribute('dir', 'auto');
  expect(await match.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  const { violations } = await new AxeBuilder({ page }).include('[data-testid="conversation-pane"]').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: `e2e/artifacts/${shot}.png` });

  await result.click();
  const target = targets[word] as string;
  await expect(page).toHaveURL(new RegExp(`\\?message=${target}$`));
  const message = page.locator(`[data-message-id="${target}"]`);
  await expect(message).toHaveAttribute('data-highlighted', 'true');
  await expect(message).toBeInViewport();
  await page.screenshot({ path: `e2e/artifacts/${shot.replace('search', 'search-open')}.png` });
  await expect(message).not.toHaveAttribute('data-highlighted', 'true', { timeout: 5_000 });
}

test.describe('English, 1440', () => {
  test.use({ viewport: viewports.desktop });
  test('a match in a resolved conversation: counted in its tab, marked in the result, opened at the message', async ({ page }) => {
    await searchAndOpen(page, 'en', 'Kim Kangaroo', 'wombat', 'inbox-search-en-1440');
  });
});

test.describe('Arabic, 390', () => {
  test.use({ viewport: viewports.phone, locale: 'ar-SA' });
  test('the same in Arabic on a phone: the English snippet reads left to right', async ({ page }) => {
    await searchAndOpen(page, 'ar', 'نور', 'platypus', 'inbox-search-ar-390');
  });
});
