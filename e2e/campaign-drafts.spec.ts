import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { addCampaignRecipients } from '@/server/campaigns/add-campaign-recipients';
import { createCampaign } from '@/server/campaigns/create-campaign';
import { startCampaign } from '@/server/campaigns/start-campaign';
import { db } from '@/server/db';
import { closeRedis } from '@/server/redis';
import { requestTemplateSync } from '@/server/templates/request-template-sync';
import { createOrg, createUser, type CreatedUser } from '@/tests/factories';
import { createConnectedAccount } from '@/tests/platform-factories';
import { randomPhone } from '@/tests/support/stack';
import { waitFor } from '@/tests/support/wait-for';
import { expectNoHorizontalScroll, viewports } from './support/layout';
import { signInAt } from './support/sign-in';

// A marketer with a draft and a scheduled campaign on one connected number.
let marketer: CreatedUser;
let org: { id: string };
let templateId: string;

test.beforeAll(async () => {
  org = await createOrg({ name: `Draft Co ${Math.random().toString(36).slice(2, 8)}` });
  const account = await createConnectedAccount(org.id, { name: 'main' });
  marketer = await createUser({ name: 'Dee Drafter', memberships: [{ orgId: org.id, role: 'marketer' }] });
  await requestTemplateSync(org.id, account.id);
  const template = await waitFor(
    'templates to sync',
    () => db.template.findFirst({ where: { accountId: account.id, name: 'promo_offer', status: 'APPROVED' } }),
    30_000,
  );
  templateId = template.id;
});

test.afterAll(async () => {
  await db.user.deleteMany({ where: { id: marketer.id } });
  await db.$disconnect();
  closeRedis();
});

async function campaignOf(name: string) {
  const campaign = await createCampaign(org.id, { name, templateId });
  const recipients = [randomPhone('9902'), randomPhone('9902')].map((to) => ({ to, parameters: { '1': 'Ola', '2': '10%' } }));
  await addCampaignRecipients(org.id, campaign.id, recipients);
  return campaign.id;
}

/** A full-page screenshot kept in e2e/artifacts and attached to the report. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const body = await page.screenshot({ path: `e2e/artifacts/campaign-drafts-${name}.png`, fullPage: true });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

test('a marketer duplicates, edits and deletes a draft, then reschedules and cancels a scheduled campaign', async ({ page }, testInfo) => {
  const shot = (name: string) => shoot(page, testInfo, name);
  await campaignOf('Holiday promo');
  const scheduled = await campaignOf('New Year promo');
  await startCampaign(org.id, scheduled, { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() });

  await signInAt(page, '/signin?callbackUrl=%2Fcampaigns', marketer);
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await page.getByRole('link', { name: 'Holiday promo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Holiday promo' })).toBeVisible();
  await shot('draft');
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Holiday promo (copy)' })).toBeVisible();
  await expect(page.getByTestId('count-total')).toHaveText('2');

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('form', { name: 'Edit draft' });
  await form.getByLabel('Campaign name').fill('Holiday promo, second wave');
  await form.getByLabel('Send mode').selectOption('today_only');
  await shot('edit');
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Holiday promo, second wave' })).toBeVisible();

  // From the keyboard: Enter opens the confirmation, Escape closes it without deleting.
  await page.getByRole('button', { name: 'Delete', exact: true }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Delete this draft?' });
  await expect(confirm).toContainText('“Holiday promo, second wave” and its 2 recipients will be deleted.');
  await shot('delete-confirm');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await confirm.getByRole('button', { name: 'Delete draft' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByRole('link', { name: 'Holiday promo', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Holiday promo, second wave' })).toHaveCount(0);

  await page.getByRole('link', { name: 'New Year promo' }).click();
  await expect(page.getByTestId('campaign-status')).toHaveText('scheduled');
  await page.getByRole('button', { name: 'Reschedule' }).click();
  const inTwoHours = await page.evaluate(() => {
    const at = new Date(Date.now() + 7_200_000);
    return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  });
  await page.getByLabel(/New start time/).fill(inTwoHours);
  await shot('reschedule');
  await page.getByRole('button', { name: 'Save time' }).click();
  await expect(page.getByRole('form', { name: 'Reschedule' })).toBeHidden();
  await expect
    .poll(async () => (await db.campaign.findUniqueOrThrow({ where: { id: scheduled } })).scheduledAt?.getTime())
    .toBeGreaterThan(Date.now() + 6_000_000);

  await page.getByRole('button', { name: 'Cancel campaign' }).click();
  await page.getByRole('dialog', { name: 'Cancel this campaign?' }).getByRole('button', { name: 'Cancel campaign' }).click();
  await expect(page.getByTestId('campaign-status')).toHaveText('failed');
  await expect(page.getByText('Cancelled before it started; nothing was sent.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel campaign' })).toHaveCount(0);
  await shot('cancelled');
});

test.describe('in Arabic, on a phone', () => {
  test.use({ locale: 'ar-SA', viewport: viewports.phone });

  test('the draft actions and their confirmation read right to left, fit the screen and pass axe', async ({ page }, testInfo) => {
    const draft = await campaignOf('Ramadan offer');
    await signInAt(page, `/signin?callbackUrl=${encodeURIComponent(`/campaigns/${draft}`)}`, marketer);
    await expect(page.getByRole('heading', { level: 1, name: 'Ramadan offer' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    for (const name of ['تعديل', 'حذف', 'نسخ']) await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: 'حذف', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'حذف هذه المسودة؟' });
    await expect(confirm).toContainText('«Ramadan offer»');
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await shoot(page, testInfo, 'delete-confirm-ar-phone');
    await confirm.getByRole('button', { name: 'حذف المسودة' }).click();
    await expect(page).toHaveURL(/\/campaigns$/);
  });
});
