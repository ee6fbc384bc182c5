import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { addCampaignRecipients } from '@/server/campaigns/add-campaign-recipients';
import { createCampaign } from '@/server/campaigns/create-campaign';
import { startCampaign } from '@/server/campaigns/start-campaign';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { closeRedis } from '@/server/redis';
import { requestTemplateSync } from '@/server/templates/request-template-sync';
import { createOrg, createUser, deleteOrgs, type CreatedUser } from '@/tests/factories';
import { createConnectedAccount } from '@/tests/platform-factories';
import { randomPhone } from '@/tests/support/stack';
import { waitFor } from '@/tests/support/wait-for';
import { expectNoHorizontalScroll, viewports } from './support/layout';
import { signInAt } from './support/sign-in';

// A marketer whose organization has contacts with names, one connected number and its templates.
let marketer: CreatedUser;
let org: { id: string };
let account: { id: string };
let promoId: string;

test.beforeAll(async () => {
  org = await createOrg({ name: `Retarget Co ${Math.random().toString(36).slice(2, 8)}` });
  account = await createConnectedAccount(org.id, { name: 'main' });
  marketer = await createUser({ name: 'Rana Retarget', memberships: [{ orgId: org.id, role: 'marketer' }] });
  await requestTemplateSync(org.id, account.id);
  for (const name of ['promo_offer', 'order_update']) {
    await waitFor(`template ${name}`, () => db.template.findFirst({ where: { accountId: account.id, name, status: 'APPROVED' } }), 30_000);
  }
  promoId = (await db.template.findFirstOrThrow({ where: { accountId: account.id, name: 'promo_offer' } })).id;
});

test.afterAll(async () => {
  await db.user.deleteMany({ where: { id: marketer.id } });
  await deleteOrgs([org.id]);
  await db.$disconnect();
  closeRedis();
});

/** A number no contact of the organization has: with a magic ending only 1,000 remain, so the variants could meet. */
async function freshPhone(suffix?: string): Promise<string> {
  for (;;) {
    const phone = randomPhone(suffix);
    if (!(await db.contact.findFirst({ where: { orgId: org.id, phoneNumber: phone }, select: { id: true } }))) return phone;
  }
}

const contact = (phoneNumber: string, name: string) =>
  db.contact.create({ data: { id: newId('contact'), orgId: org.id, accountId: account.id, phoneNumber, name, tags: [] } });

/** The page's own strings, so the same steps read in English and Arabic. */
type Messages = Record<string, any>;
const messagesOf = (locale: 'en' | 'ar'): Messages => JSON.parse(readFileSync(`messages/${locale}/campaigns.json`, 'utf8'));
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const body = await page.screenshot({ path: `e2e/artifacts/campaign-retarget-${name}.png`, fullPage: true });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

async function expectAxeClean(page: Page) {
  // After a client-side navigation the new page's title lands a moment later.
  await expect(page).toHaveTitle(/\S/);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** A campaign sent to the simulator until completed: one read (named), one delivered (named), one failed. */
async function finishedCampaign(name: string) {
  const [reader, silent, failing] = [await freshPhone(), await freshPhone('9903'), await freshPhone('9904')];
  await contact(reader, 'Layla Haddad');
  await contact(silent, 'Omar Khalil');
  const campaign = await createCampaign(org.id, { name, templateId: promoId });
  await addCampaignRecipients(
    org.id,
    campaign.id,
    [reader, silent, failing].map((to) => ({ to, parameters: { '1': 'friend', '2': '20%' } })),
  );
  await startCampaign(org.id, campaign.id, { sendMode: 'spread' });
  await waitFor(
    'the campaign to complete with every status in',
    async () => {
      const row = await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
      return row.status === 'completed' && row.readCount === 1 && row.deliveredCount === 2 && row.failedCount === 1;
    },
    30_000,
  );
  return { id: campaign.id, reader, silent, failing };
}

for (const setup of [
  { locale: 'en' as const, browserLocale: 'en-US', viewport: viewports.desktop, label: 'desktop-en' },
  { locale: 'en' as const, browserLocale: 'en-US', viewport: viewports.phone, label: 'phone-en' },
  { locale: 'ar' as const, browserLocale: 'ar-SA', viewport: viewports.desktop, label: 'desktop-ar' },
  { locale: 'ar' as const, browserLocale: 'ar-SA', viewport: viewports.phone, label: 'phone-ar' },
]) {
  test.describe(`${setup.label}`, () => {
    test.use({ locale: setup.browserLocale, viewport: setup.viewport });
    const m = messagesOf(setup.locale);

    test('a campaign built with a fixed value and a contact-field variable; an empty contact field is listed before saving', async ({
      page,
    }, testInfo) => {
      const amal = await freshPhone('9903');
      await contact(amal, 'Amal');
      const unknown = await freshPhone('9903');
      await signInAt(page, '/signin?callbackUrl=%2Fcampaigns%2Fnew', marketer);
      await page.getByLabel(m.builder.name).fill(`Sources ${setup.label}`);
      await page.getByLabel(m.builder.template).selectOption({ label: 'promo_offer (en) · main' });
      await page.getByRole('button', { name: m.builder.next }).click();
      await page.getByLabel(m.sheet.pasteLabel).fill(`phone,discount\n${amal},10%\n${unknown},5%\n`);
      await page.getByLabel(fill(m.sources.sourceFor, { variable: '1' })).selectOption({ label: m.sources.field.name });
      await page.getByLabel(fill(m.sources.sourceFor, { variable: '2' })).selectOption({ label: m.sources.fixed });
      await page.getByLabel(fill(m.sources.fixedFor, { variable: '2' })).fill('25%');
      const reason = fill(m.sheet.emptyContactField, { field: m.sources.field.name, variable: '{{1}}' });
      await expect(page.getByRole('list', { name: m.sheet.invalidRows })).toHaveText(fill(m.sheet.row, { line: 3, reason }), { timeout: 15_000 });
      await expectNoHorizontalScroll(page);
      await expectAxeClean(page);
      await shoot(page, testInfo, `sources-${setup.label}`);
      await page.getByRole('button', { name: m.builder.next }).click();
      await page.getByRole('button', { name: m.builder.next }).click();
      await page.getByRole('button', { name: m.builder.start }).click();
      await expect(page).toHaveURL(/\/campaigns\/cmp_/);
      await expect(page.getByTestId('count-total')).toHaveText(/^(1|١)$/);
      const id = page.url().split('/').pop()!;
      const [recipient] = await db.campaignRecipient.findMany({ where: { campaignId: id } });
      expect(recipient?.phoneNumber).toBe(amal);
      expect(recipient?.parameters).toEqual({ '1': 'Amal', '2': '25%' });
    });

    test('searching a finished campaign’s recipients, then retargeting those who did not read with another template', async ({
      page,
    }, testInfo) => {
      const name = `Spring ${setup.label}`;
      const finished = await finishedCampaign(name);
      await signInAt(page, `/signin?callbackUrl=${encodeURIComponent(`/campaigns/${finished.id}`)}`, marketer);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      const rows = page.getByTestId('recipient-row');
      await expect(rows).toHaveCount(3);
      const search = page.getByRole('searchbox', { name: m.recipients.search });
      await search.fill('omar');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(finished.silent);
      await expect(rows.first()).toContainText('Omar Khalil');
      await expect(rows.first()).toContainText(m.recipients.status.delivered);
      // The export takes the search too.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: m.recipients.export }).click();
      const csv = readFileSync((await (await download).path())!, 'utf8');
      expect(csv).toContain(finished.silent);
      expect(csv).toContain('Omar Khalil');
      expect(csv).not.toContain(finished.reader);
      await search.fill(finished.failing.slice(-7));
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(m.recipients.status.failed);
      await page.getByLabel(m.recipients.filter).selectOption('read');
      await expect(page.getByText(m.recipients.noMatch)).toBeVisible();
      await page.getByLabel(m.recipients.filter).selectOption('');
      await search.fill('');
      await expect(rows).toHaveCount(3);
      await expectNoHorizontalScroll(page);
      await shoot(page, testInfo, `recipients-${setup.label}`);

      await page.getByRole('button', { name: m.actions.retarget, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: m.retarget.title });
      const notRead = dialog.getByRole('radio', { name: new RegExp(m.retarget.audiences.not_read.split(' (')[0]) });
      await expect(notRead).toBeChecked();
      await dialog.getByLabel(m.retarget.template).selectOption({ label: 'order_update (en) · main' });
      await dialog.getByLabel(fill(m.sources.sourceFor, { variable: 'customer_name' })).selectOption({ label: m.sources.field.name });
      await dialog.getByLabel(fill(m.sources.sourceFor, { variable: 'order_id' })).selectOption({ label: m.sources.fixed });
      await dialog.getByLabel(fill(m.sources.fixedFor, { variable: 'order_id' })).fill('SPRING-2');
      await expectAxeClean(page);
      await shoot(page, testInfo, `retarget-${setup.label}`);
      await dialog.getByRole('button', { name: m.retarget.create }).click();

      const draftName = fill(m.retarget.defaultName, { name });
      await expect(page.getByRole('heading', { level: 1, name: draftName })).toBeVisible();
      await expect(page.getByTestId('campaign-status')).toHaveText(m.status.draft);
      await expect(page.getByTestId('count-total')).toHaveText(/^(1|١)$/);
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(finished.silent);
      await expectNoHorizontalScroll(page);
      await expectAxeClean(page);
      await shoot(page, testInfo, `retargeted-draft-${setup.label}`);
      const draft = await db.campaign.findFirstOrThrow({ where: { orgId: org.id, name: draftName }, include: { recipients: true } });
      expect(draft.recipients.map((r) => r.parameters)).toEqual([{ customer_name: 'Omar Khalil', order_id: 'SPRING-2' }]);

      // The draft form: one variable now a fixed value, the other kept as each recipient has it.
      await page.getByRole('button', { name: m.actions.edit, exact: true }).click();
      const form = page.getByRole('form', { name: m.edit.title });
      await form.getByLabel(fill(m.sources.sourceFor, { variable: 'customer_name' })).selectOption({ label: m.sources.fixed });
      await form.getByLabel(fill(m.sources.fixedFor, { variable: 'customer_name' })).fill('صديقنا');
      await expectAxeClean(page);
      await shoot(page, testInfo, `edit-draft-${setup.label}`);
      await form.getByRole('button', { name: m.edit.save }).click();
      await expect(form).toBeHidden();
      await expect
        .poll(async () => (await db.campaignRecipient.findFirstOrThrow({ where: { campaignId: draft.id } })).parameters)
        .toEqual({ customer_name: 'صديقنا', order_id: 'SPRING-2' });
    });
  });
}
