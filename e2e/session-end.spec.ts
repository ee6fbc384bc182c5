import { expect, test, type Page } from '@playwright/test';
import { endSessions } from '@/server/auth/session-version';
import type { CreatedUser } from '@/tests/factories';
import { randomPhone, simulator } from '@/tests/support/stack';
import { createInboxTeam, type InboxTeam } from './support/inbox-team';
import { expectNoHorizontalScroll, viewports } from './support/layout';

// A session that ends mid-use (ended on the server, or its cookie gone) sends the agent to
// sign-in with a notice, and signing in again comes back to the conversation that was open.
let agent: CreatedUser;
let team: InboxTeam;

test.beforeAll(async () => {
  team = await createInboxTeam('Session Co', ['Sam Session']);
  agent = team.agents[0] as CreatedUser;
});

test.afterAll(() => team.cleanUp());

const words = {
  en: { email: 'Email', password: 'Password', submit: 'Sign in', ended: 'Your session ended' },
  ar: { email: 'البريد الإلكتروني', password: 'كلمة المرور', submit: 'تسجيل الدخول', ended: 'انتهت جلستك' },
};

async function signIn(page: Page, lang: 'en' | 'ar') {
  await page.getByLabel(words[lang].email).fill(agent.email);
  await page.getByLabel(words[lang].password).fill(agent.password);
  await page.getByRole('button', { name: words[lang].submit }).click();
}

/** Signs in, opens a new customer's conversation and returns its address. */
async function openConversation(page: Page, lang: 'en' | 'ar', name: string): Promise<string> {
  await page.goto('/signin?callbackUrl=%2Finbox');
  await signIn(page, lang);
  await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'live');
  await simulator('/_sim/inbound', { phone_id: team.account.phoneId, from: randomPhone(), text: 'Hello there', name });
  const item = page.getByTestId('conversation').filter({ hasText: name });
  await expect(item).toBeVisible({ timeout: 20_000 });
  await item.click();
  await expect(page.getByTestId('thread-title')).toHaveText(name);
  expect(new URL(page.url()).pathname).toMatch(/^\/inbox\/ct_/);
  return new URL(page.url()).pathname;
}

/** Something happens while the session is gone: the live update's refetch is refused with 401. */
async function somethingHappens() {
  await simulator('/_sim/inbound', { phone_id: team.account.phoneId, from: randomPhone(), text: 'Anyone?', name: 'Other Customer' });
}

async function expectBackAfterSignIn(page: Page, lang: 'en' | 'ar', path: string, shot: string) {
  await expect(page).toHaveURL(/\/signin\?ended=1/, { timeout: 30_000 });
  expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe(path);
  await expect(page.getByTestId('session-ended')).toContainText(words[lang].ended);
  await page.screenshot({ path: `e2e/artifacts/${shot}.png` });
  await signIn(page, lang);
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.getByTestId('thread-title')).toBeVisible();
}

test.describe('English, 1440', () => {
  test.use({ viewport: viewports.desktop });
  test('a session ended on the server lands on sign-in and comes back to the same conversation', async ({ page }) => {
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) failed.push(response.url());
    });
    const path = await openConversation(page, 'en', 'Paula Path');
    await endSessions(agent.id);
    await somethingHappens();
    await expectBackAfterSignIn(page, 'en', path, 'session-ended-en-1440');
    // Nothing kept polling the refused session once the sign-in page was shown.
    const seen = failed.length;
    await page.waitForTimeout(1_500);
    expect(failed.length).toBe(seen);
  });
});

test.describe('Arabic, 390', () => {
  test.use({ viewport: viewports.phone, locale: 'ar-SA' });
  test('a lost session cookie lands on sign-in with the notice in Arabic and comes back', async ({ page, context }) => {
    const path = await openConversation(page, 'ar', 'ليلى');
    await context.clearCookies({ name: /session-token/ });
    await somethingHappens();
    await expect(page).toHaveURL(/\/signin\?ended=1/, { timeout: 30_000 });
    await expectNoHorizontalScroll(page);
    await expectBackAfterSignIn(page, 'ar', path, 'session-ended-ar-390');
  });
});
