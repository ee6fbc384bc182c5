import { expect, test, type Page } from '@playwright/test';
import { createSavedReply } from '@/server/inbox/saved-replies';
import type { CreatedUser } from '@/tests/factories';
import { randomPhone, simulator } from '@/tests/support/stack';
import { waitFor } from '@/tests/support/wait-for';
import { createInboxTeam, type InboxTeam } from './support/inbox-team';
import { expectNoHorizontalScroll, viewports } from './support/layout';

// The support workflow on a phone, in Arabic: resolve, saved replies, a failure explained,
// a template filled from the customer, a reply queued offline. (inbox-workflow.spec covers
// the same at desktop size in English.)
let agent: CreatedUser;
let account: { id: string; phoneId: string };
let team: InboxTeam;

test.use({ viewport: viewports.phone, locale: 'ar-SA' });

test.beforeAll(async () => {
  team = await createInboxTeam('هاتف', ['سارة الدعم']);
  account = team.account;
  agent = team.agents[0] as CreatedUser;
  await createSavedReply(team.org.id, agent.id, { shortcut: 'hours', body: 'أهلًا {{first_name|بك}}، نعمل من 9 إلى 5 يوميًا.' });
});

test.afterAll(() => team.cleanUp());

async function signIn(page: Page) {
  await page.goto('/signin?callbackUrl=%2Finbox');
  await page.getByLabel('البريد الإلكتروني').fill(agent.email);
  await page.getByLabel('كلمة المرور').fill(agent.password);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'live');
}

async function openCustomer(page: Page, name: string, text: string, phone = randomPhone()) {
  await simulator('/_sim/inbound', { phone_id: account.phoneId, from: phone, text, name });
  const item = page.getByTestId('conversation').filter({ hasText: name });
  await expect(item).toBeVisible({ timeout: 35_000 });
  await item.click();
  await expect(page.getByTestId('thread-title')).toHaveText(name);
  return phone;
}

const reply = (page: Page) => page.getByRole('textbox', { name: 'الرد' });
const back = (page: Page) => page.getByRole('button', { name: 'العودة إلى المحادثات' });

test('resolve from the thread; the conversation moves to the resolved tab', async ({ page }) => {
  await signIn(page);
  await openCustomer(page, 'نور', 'هل المتجر مفتوح يوم الجمعة؟');
  await page.getByTestId('status-actions').getByRole('button', { name: 'حل' }).click();
  await expect(page.getByTestId('status-actions')).toHaveAttribute('data-status', 'resolved');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: 'e2e/artifacts/inbox-phone-ar-resolved.png' });
  await back(page).click();
  await expect(page.getByTestId('conversation').filter({ hasText: 'نور' })).toHaveCount(0);
  await page.getByTestId('status-resolved').click();
  await expect(page.getByTestId('conversation').filter({ hasText: 'نور' })).toBeVisible();
});

test('a saved reply with / is filled for the customer and sent', async ({ page }) => {
  await signIn(page);
  await openCustomer(page, 'هدى سالم', 'متى تفتحون؟');
  await reply(page).fill('/ho');
  await expect(page.getByRole('option', { name: /\/hours/ })).toBeVisible();
  await reply(page).press('Enter');
  await expect(reply(page)).toHaveValue('أهلًا هدى، نعمل من 9 إلى 5 يوميًا.');
  await reply(page).press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: 'أهلًا هدى' })).toBeVisible();
});

test('an undeliverable reply is explained in Arabic', async ({ page }) => {
  await signIn(page);
  await openCustomer(page, 'رقم غير صالح', 'مرحبا', randomPhone('9904'));
  await reply(page).fill('شكرًا لتواصلك');
  await reply(page).press('Enter');
  const failure = page.getByTestId('failure');
  await expect(failure).toHaveAttribute('data-reason', 'undeliverable', { timeout: 15_000 });
  await expect(failure).toContainText('تعذّر على واتساب التسليم إلى هذا الرقم');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: 'e2e/artifacts/inbox-phone-ar-failure.png' });
});

test('a template starts with the customer name filled in', async ({ page }) => {
  await signIn(page);
  await openCustomer(page, 'كريم', 'أريد متابعة طلبي');
  await page.getByRole('button', { name: 'قالب', exact: true }).click();
  await page.getByLabel('القالب', { exact: true }).selectOption({ label: 'order_update (en، خدمي)' });
  await expect(page.getByLabel('{{customer_name}}')).toHaveValue('كريم');
});

test('a reply written offline is queued and sent once when back', async ({ page, context }) => {
  await signIn(page);
  const phone = await openCustomer(page, 'عمر', 'هل أنت هنا؟');
  await context.setOffline(true);
  await reply(page).fill('نعم، لحظة من فضلك.');
  await reply(page).press('Enter');
  const queued = page.getByTestId('queued-reply');
  await expect(queued).toHaveAttribute('data-paused', 'true');
  await expect(queued).toContainText('في الانتظار');
  await page.screenshot({ path: 'e2e/artifacts/inbox-phone-ar-queued.png' });
  await context.setOffline(false);
  await expect(queued).toHaveCount(0, { timeout: 15_000 });
  await waitFor('the reply at the platform', async () => {
    const sent = await simulator<{ data: Array<{ body: { text?: { body?: string } } }> }>(`/_sim/sent?to=${encodeURIComponent(phone)}`);
    return sent.data.some((s) => s.body.text?.body === 'نعم، لحظة من فضلك.');
  });
  const sent = await simulator<{ data: Array<{ body: { text?: { body?: string } } }> }>(`/_sim/sent?to=${encodeURIComponent(phone)}`);
  expect(sent.data.filter((s) => s.body.text?.body === 'نعم، لحظة من فضلك.')).toHaveLength(1);
});
