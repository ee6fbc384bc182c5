import { expect, test, type Page } from '@playwright/test';
import { addCampaignRecipients } from '@/server/campaigns/add-campaign-recipients';
import { createCampaign } from '@/server/campaigns/create-campaign';
import { readAllowance } from '@/server/campaigns/messaging-allowance';
import { startCampaign } from '@/server/campaigns/start-campaign';
import { db } from '@/server/db';
import { closeRedis } from '@/server/redis';
import { requestTemplateSync } from '@/server/templates/request-template-sync';
import { createOrg, createUser, type CreatedUser } from '@/tests/factories';
import { createConnectedAccount } from '@/tests/platform-factories';
import { randomPhone } from '@/tests/support/stack';
import { waitFor } from '@/tests/support/wait-for';
import { storedAccessToken } from '@/server/accounts/portfolio-token';

// A marketer in an organization with one connected number whose templates are synced.
let marketer: CreatedUser;
let org: { id: string };
let account: { id: string; portfolioId: string };

test.beforeAll(async () => {
  org = await createOrg({ name: `Campaign Co ${Math.random().toString(36).slice(2, 8)}` });
  account = await createConnectedAccount(org.id, { name: 'main' });
  marketer = await createUser({ name: 'Mia Marketer', memberships: [{ orgId: org.id, role: 'marketer' }] });
  await requestTemplateSync(org.id, account.id);
  await waitFor(
    'templates to sync',
    () => db.template.findFirst({ where: { accountId: account.id, name: 'promo_offer', status: 'APPROVED' } }),
    30_000,
  );
});

test.afterAll(async () => {
  await db.user.deleteMany({ where: { id: marketer.id } });
  await db.$disconnect();
  closeRedis();
});

async function signIn(page: Page) {
  await page.goto('/signin?callbackUrl=%2Fcampaigns');
  await page.getByLabel('Email').fill(marketer.email);
  await page.getByLabel('Password').fill(marketer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
}

const shooter =
  (page: Page, testInfo: { attach: (name: string, options: { body: Buffer; contentType: string }) => Promise<void> }) => async (name: string) =>
    testInfo.attach(name, {
      body: await page.screenshot({ path: `e2e/artifacts/campaigns-${name}.png`, fullPage: true }),
      contentType: 'image/png',
    });

test('a marketer uploads a CSV with a bad row, fixes the mapping, starts and watches it complete', async ({ page }, testInfo) => {
  const shot = shooter(page, testInfo);
  await signIn(page);
  await page.getByRole('link', { name: 'New campaign' }).click();
  await page.getByLabel('Campaign name').fill('Spring promo');
  await page.getByLabel('Template').selectOption({ label: 'promo_offer (en) · main' });
  await expect(page.getByLabel('Preview')).toContainText('enjoy {{2}} off');
  await shot('template');
  await page.getByRole('button', { name: 'Next' }).click();

  const [ann, cy] = [randomPhone('9903'), randomPhone('9903')];
  const csv = `phone,first_name,discount\n${ann},Ann,20%\n12345,Bob,10%\n${cy},Cy,5%\n${ann},Ann again,20%\n`;
  await page.locator('input[type=file]').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('list', { name: 'Invalid rows' })).toContainText('no column chosen for {{1}}');
  await page.getByLabel('Source for 1').selectOption('first_name');
  await page.getByLabel('Source for 2').selectOption('discount');
  const check = page.getByTestId('recipient-check');
  await expect(check).toContainText('2 ready · 1 invalid · 1 duplicate removed');
  await expect(page.getByRole('list', { name: 'Invalid rows' })).toContainText('Row 3: “12345” is not a phone number');
  await shot('recipients');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/can still start conversations with 250 new people/)).toBeVisible();
  await expect(page.getByTestId('limit-estimate')).toHaveText(
    '0 of them wrote in the last 24 hours, so messaging them does not use the limit; 2 use it now; 0 are beyond today’s allowance.',
  );
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('2 (1 invalid and 1 duplicates left out)')).toBeVisible();
  await shot('review');
  await page.getByRole('button', { name: 'Start campaign' }).click();

  await expect(page).toHaveURL(/\/campaigns\/cmp_/);
  await expect(page.getByTestId('campaign-status')).toHaveText('completed', { timeout: 20_000 });
  await expect(page.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '2');
  await expect(page.getByTestId('count-delivered')).toHaveText('2', { timeout: 10_000 });
  await expect(page.getByRole('figure', { name: 'Messages over time' })).toBeVisible({ timeout: 10_000 });
  await shot('completed');
});

test('a marketer pauses and resumes a campaign parked by the messaging limit', async ({ page }, testInfo) => {
  const shot = shooter(page, testInfo);
  // Room for exactly one more person today, whatever the other test used.
  const { used } = await readAllowance(db, account.portfolioId, 250, new Date());
  await db.businessPortfolio.update({ where: { id: account.portfolioId }, data: { messagingLimit: used + 1 } });
  const template = await db.template.findFirstOrThrow({ where: { accountId: account.id, name: 'promo_offer' } });
  const campaign = await createCampaign(org.id, { name: 'Autumn promo', templateId: template.id });
  await addCampaignRecipients(
    org.id,
    campaign.id,
    [randomPhone('9902'), randomPhone('9902'), randomPhone('9902')].map((to) => ({ to, parameters: { '1': 'Sam', '2': '10%' } })),
  );
  await startCampaign(org.id, campaign.id, { sendMode: 'spread' });

  await signIn(page);
  // One status language: parked by the engine, it is waiting for the limit, not "processing".
  await expect(page.getByRole('row', { name: /Autumn promo/ })).toContainText('waiting for the limit');
  await page.getByRole('link', { name: 'Autumn promo' }).click();
  await expect(page.getByText(/messaging limit is used up.*carries on (today|tomorrow)/)).toBeVisible();
  await expect(page.getByTestId('campaign-status')).toHaveText('waiting for the limit');
  await shot('parked');
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByTestId('campaign-status')).toHaveText('paused');
  await shot('paused');
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByText(/carries on/)).toBeVisible();
  await expect(page.getByTestId('campaign-status')).toHaveText('waiting for the limit');
  await page.getByLabel('Recipient status').selectOption('pending');
  await expect(page.locator('tbody tr')).toHaveCount(2);
  await shot('resumed');
});

test("a marketer sees why a campaign could not run: the platform rejected its number's credentials", async ({ page }, testInfo) => {
  const shot = shooter(page, testInfo);
  // A second number, in a portfolio of its own, whose token the platform stops accepting once its templates are synced.
  const revoked = await createConnectedAccount(org.id, { name: 'revoked', isDefaultOutgoing: false });
  await requestTemplateSync(org.id, revoked.id);
  const template = await waitFor(
    'templates to sync',
    () => db.template.findFirst({ where: { accountId: revoked.id, name: 'promo_offer', status: 'APPROVED' } }),
    30_000,
  );
  await db.businessPortfolio.update({ where: { id: revoked.portfolioId }, data: storedAccessToken('revoked-token') });
  const campaign = await createCampaign(org.id, { name: 'Winter promo', templateId: template.id });
  await addCampaignRecipients(
    org.id,
    campaign.id,
    [randomPhone(), randomPhone()].map((to) => ({ to, parameters: { '1': 'Lee', '2': '15%' } })),
  );
  await startCampaign(org.id, campaign.id, { sendMode: 'spread' });

  await signIn(page);
  await page.getByRole('link', { name: 'Winter promo' }).click();
  await expect(page.getByTestId('campaign-status')).toHaveText('failed', { timeout: 20_000 });
  await expect(page.getByText(/Could not run: The platform rejected the credentials of account revoked/)).toBeVisible();
  await shot('failed');
});
