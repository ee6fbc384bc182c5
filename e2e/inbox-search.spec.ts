import { expect, test, type Page } from '@playwright/test';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import type { CreatedUser } from '@/tests/factories';
import { createInboxTeam, type InboxTeam } from './support/inbox-team';
import { viewports } from './support/layout';

// Search finds a message in a resolved conversation: the tabs count it there, the result shows
// the message with the match marked, and choosing it opens the thread at that message, three
// pages back (older pages load until it is there), highlighted.
let agent: CreatedUser;
let team: InboxTeam;
const target = newId('message');

test.use({ viewport: viewports.desktop });

test.beforeAll(async () => {
  team = await createInboxTeam('Search Co', ['Sol Search']);
  agent = team.agents[0] as CreatedUser;
  const contactId = newId('contact');
  const now = Date.now();
  const count = 100;
  await db.contact.create({
    data: {
      id: contactId,
      orgId: team.org.id,
      accountId: team.account.id,
      phoneNumber: '+15550199001',
      name: 'Kim Kangaroo',
      lastMessageAt: new Date(now),
      lastMessagePreview: 'message 0',
      conversationStatus: 'resolved',
    },
  });
  await db.message.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      id: i === 90 ? target : newId('message'),
      orgId: team.org.id,
      contactId,
      accountId: team.account.id,
      direction: 'incoming' as const,
      type: 'text' as const,
      status: 'delivered' as const,
      content: i === 90 ? 'Long ago I ordered a wombat plush and it never came, can you check?' : `message ${i}`,
      createdAt: new Date(now - i * 60_000),
    })),
  });
});

test.afterAll(() => team.cleanUp());

async function signIn(page: Page) {
  await page.goto('/signin?callbackUrl=%2Finbox');
  await page.getByLabel('Email').fill(agent.email);
  await page.getByLabel('Password').fill(agent.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/inbox$/);
}

test('a match in a resolved conversation: counted in its tab, marked in the result, opened at the message', async ({ page }) => {
  await signIn(page);
  await page.getByRole('searchbox', { name: 'Search conversations' }).fill('wombat');
  await expect(page.getByTestId('count-resolved')).toHaveText('1');
  await expect(page.getByTestId('count-open')).toHaveText('0');
  await page.getByTestId('status-resolved').click();

  const result = page.getByTestId('conversation').filter({ hasText: 'Kim Kangaroo' });
  const match = result.getByTestId('search-match');
  await expect(match.locator('mark')).toHaveText('wombat');
  await expect(match).toContainText('ordered a wombat plush');
  await expect(match).toHaveAttribute('dir', 'auto');
  await page.screenshot({ path: 'e2e/artifacts/inbox-search-en-1440.png' });

  await result.click();
  await expect(page).toHaveURL(new RegExp(`\\?message=${target}$`));
  const message = page.locator(`[data-message-id="${target}"]`);
  await expect(message).toHaveAttribute('data-highlighted', 'true');
  await expect(message).toBeInViewport();
  await page.screenshot({ path: 'e2e/artifacts/inbox-search-open-en-1440.png' });
  await expect(message).not.toHaveAttribute('data-highlighted', 'true', { timeout: 5_000 });
});
