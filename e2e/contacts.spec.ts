import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { addCampaignRecipients } from '@/server/campaigns/add-campaign-recipients';
import { createCampaign } from '@/server/campaigns/create-campaign';
import { createContact } from '@/server/contacts/create-contact';
import { db } from '@/server/db';
import { closeRedis } from '@/server/redis';
import { requestTemplateSync } from '@/server/templates/request-template-sync';
import { createOrg, createUser, type CreatedUser, deleteOrgs } from '@/tests/factories';
import { createConnectedAccount } from '@/tests/platform-factories';
import { randomPhone, simulator } from '@/tests/support/stack';
import { waitFor } from '@/tests/support/wait-for';
import { expectNoHorizontalScroll, viewports } from './support/layout';
import { signInAt } from './support/sign-in';

// A marketer's contacts: two tagged customers, one who wrote in and was in two campaigns (one
// skipped with its reason), searched, filtered, edited, imported, exported and looked into.
let marketer: CreatedUser;
let org: { id: string };
let customer: { id: string; phone: string };
const amira = randomPhone();
const bilal = randomPhone();

test.beforeAll(async () => {
  org = await createOrg({ name: `Contacts Co ${Math.random().toString(36).slice(2, 8)}` });
  const account = await createConnectedAccount(org.id, { name: 'main' });
  marketer = await createUser({ name: 'Mona Marketer', memberships: [{ orgId: org.id, role: 'marketer' }] });
  await createContact(org.id, { phoneNumber: amira, name: 'Amira Haddad', tags: ['vip'] });
  await createContact(org.id, { phoneNumber: bilal, name: 'Bilal Khan', tags: ['wholesale'] });

  const phone = randomPhone();
  await simulator('/_sim/inbound', { phone_id: account.phoneId, from: phone, text: 'Is my order on its way?', name: 'Carla Customer' });
  const contact = await waitFor('the customer’s message to arrive', () =>
    db.contact.findFirst({ where: { orgId: org.id, phoneNumber: phone, lastMessageAt: { not: null } } }),
  );
  customer = { id: contact.id, phone };

  await requestTemplateSync(org.id, account.id);
  const template = await waitFor(
    'templates to sync',
    () => db.template.findFirst({ where: { accountId: account.id, name: 'promo_offer', status: 'APPROVED' } }),
    30_000,
  );
  for (const [name, status, errorMessage, daysAgo] of [
    ['Spring sale', 'skipped', 'The contact opted out of marketing.', 60],
    ['Summer sale', 'delivered', null, 1],
  ] as const) {
    const campaign = await createCampaign(org.id, { name, templateId: template.id });
    await addCampaignRecipients(org.id, campaign.id, [{ to: phone, parameters: { '1': 'Carla', '2': '10%' } }]);
    await db.campaignRecipient.updateMany({ where: { campaignId: campaign.id }, data: { status, errorMessage } });
    await db.campaign.update({ where: { id: campaign.id }, data: { createdAt: new Date(Date.now() - daysAgo * 86_400_000) } });
  }
});

test.afterAll(async () => {
  await db.user.deleteMany({ where: { id: marketer.id } });
  await deleteOrgs([org.id]);
  await db.$disconnect();
  closeRedis();
});

/** A full-page screenshot kept in e2e/artifacts and attached to the report. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.mouse.move(0, 0);
  const body = await page.screenshot({ path: `e2e/artifacts/contacts-${name}.png`, fullPage: true });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

/** Nothing scrolls sideways and axe finds no serious or critical problem. */
async function expectClean(page: Page) {
  await expectNoHorizontalScroll(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

const rows = (page: Page) => page.getByTestId('contact');

test('a marketer searches, filters, edits, imports, exports and opens a contact’s history', async ({ page }, testInfo) => {
  const shot = (name: string) => shoot(page, testInfo, name);
  await page.setViewportSize(viewports.desktop);
  await signInAt(page, '/signin?callbackUrl=%2Fcontacts', marketer);
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' })).toHaveAttribute('aria-current', 'page');
  await expect(rows(page)).toHaveCount(3);
  await expectClean(page);
  await shot('list');

  await page.getByLabel('Search by name or number').fill('amira');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('Amira Haddad');
  await page.getByLabel('Search by name or number').fill(bilal.slice(-7));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('Bilal Khan');
  await page.getByLabel('Search by name or number').fill('nobody like this');
  await expect(page.getByText('No contact matches these filters.')).toBeVisible();
  await page.getByLabel('Search by name or number').fill('');
  await page.getByLabel('Tag', { exact: true }).selectOption('wholesale');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('Bilal Khan');

  // Edit from the keyboard: the row's link, then the form's fields.
  await page.getByRole('link', { name: 'Bilal Khan' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Bilal Khan' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Edit contact' });
  await form.getByLabel('Tags').fill('wholesale, gold');
  await form.getByLabel('Opted out of marketing').focus();
  await page.keyboard.press('Space');
  await expect(form.getByLabel('Opted out of marketing')).toBeChecked();
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  // The notice goes away by itself.
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toHaveCount(0, { timeout: 8_000 });
  await expect(page.getByRole('list', { name: 'Tags' }).getByText('gold', { exact: true })).toBeVisible();
  await expect
    .poll(async () => db.contact.findFirstOrThrow({ where: { orgId: org.id, phoneNumber: bilal } }).then((c) => [c.tags, c.optedOutMarketing]))
    .toEqual([['wholesale', 'gold'], true]);
  await shot('edit');

  await page.getByRole('link', { name: 'Back to contacts' }).click();
  await page.getByLabel('Marketing', { exact: true }).selectOption('yes');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('opted out');
  await page.getByLabel('Marketing', { exact: true }).selectOption('');

  // Import: one bad row is shown before anything is saved, then the good ones go in.
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import contacts' })).toBeVisible();
  const newcomer = randomPhone();
  const csv = `phone,name,tags\n${newcomer},Dina New,vip;newsletter\n12345,Bad Number,\n${amira},Amira H.,\n`;
  await page.locator('input[type=file]').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('contact-check')).toContainText('2 ready · 1 invalid · 0 duplicates removed');
  await expect(page.getByRole('list', { name: 'Invalid rows' })).toContainText('Row 3: “12345” is not a phone number');
  await expect.poll(() => db.contact.count({ where: { orgId: org.id } })).toBe(3);
  await expectClean(page);
  await shot('import-check');
  await page.getByRole('button', { name: 'Import 2 contacts' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toContainText('Imported: 1 added, 1 updated.');
  await shot('import-done');
  expect(await db.contact.findFirst({ where: { orgId: org.id, phoneNumber: newcomer }, select: { name: true, tags: true } })).toEqual({
    name: 'Dina New',
    tags: ['vip', 'newsletter'],
  });

  // Export: every contact of the current filter, as CSV.
  await page.getByRole('link', { name: 'See the contacts' }).click();
  await page.getByLabel('Tag', { exact: true }).selectOption('vip');
  await expect(rows(page)).toHaveCount(2);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('contacts.csv');
  const exported = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
  expect(exported[0]).toBe('phone,name,tags,opted_out_marketing,external_only,created_at');
  expect(
    exported
      .slice(1)
      .map((line) => line.split(',')[0])
      .sort(),
  ).toEqual([amira, newcomer].sort());

  // History: the conversation (to the inbox) and both campaigns, newest first, with the reason.
  await page.getByLabel('Tag', { exact: true }).selectOption('');
  await page.getByRole('link', { name: 'Carla Customer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Carla Customer' })).toBeVisible();
  await expect(page.getByText('1 message')).toBeVisible();
  const campaigns = page.getByTestId('contact-campaign');
  await expect(campaigns).toHaveCount(2);
  await expect(campaigns.first()).toContainText('Summer sale');
  await expect(campaigns.first()).toContainText('delivered');
  await expect(campaigns.nth(1)).toContainText('Spring sale');
  await expect(campaigns.nth(1)).toContainText('skipped · The contact opted out of marketing.');
  await expectClean(page);
  await shot('history');
  await page.getByRole('link', { name: 'Open conversation on main' }).click();
  await expect(page).toHaveURL(new RegExp(`/inbox/${customer.id}$`));
  await expect(page.getByTestId('message').getByText('Is my order on its way?')).toBeVisible();
});

test('another organization’s contact, or a mistyped one, says it is not found', async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  await signInAt(page, '/signin?callbackUrl=%2Fcontacts%2Fcontact_missing', marketer);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to contacts' })).toBeVisible();
});

test.describe('in Arabic, on a phone', () => {
  test.use({ locale: 'ar-SA', viewport: viewports.phone });

  test('the list, a bad import row and the history read right to left, fit the screen and pass axe', async ({ page }, testInfo) => {
    const shot = (name: string) => shoot(page, testInfo, name);
    await signInAt(page, '/signin?callbackUrl=%2Fcontacts', marketer);
    await expect(page.getByRole('heading', { level: 1, name: 'جهات الاتصال' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(rows(page).first()).toBeVisible();
    await page.getByLabel('ابحث بالاسم أو الرقم').fill('Carla');
    await expect(rows(page)).toHaveCount(1);
    await expectClean(page);
    await shot('list-phone-ar');

    await page.getByRole('link', { name: 'Carla Customer' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'المحادثات' })).toBeVisible();
    await expect(page.getByTestId('contact-campaign')).toHaveCount(2);
    await expect(page.getByTestId('contact-campaign').nth(1)).toContainText('The contact opted out of marketing.');
    await expectClean(page);
    await shot('history-phone-ar');

    await page.goto('/contacts/import');
    await page.getByLabel('نص CSV').fill(`phone,name\n${randomPhone()},Eman\n+1 23,Short\n`);
    await expect(page.getByRole('list', { name: 'الصفوف غير الصالحة' })).toContainText('الصف 3');
    await expect(page.getByRole('button', { name: 'استيراد جهة اتصال واحدة' })).toBeEnabled();
    await expectClean(page);
    await shot('import-phone-ar');
  });
});
