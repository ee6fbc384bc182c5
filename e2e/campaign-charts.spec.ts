import { expect, test, type Page } from '@playwright/test';
import { addCampaignRecipients } from '@/server/campaigns/add-campaign-recipients';
import { createCampaign } from '@/server/campaigns/create-campaign';
import { startCampaign } from '@/server/campaigns/start-campaign';
import { db } from '@/server/db';
import { closeRedis } from '@/server/redis';
import { requestTemplateSync } from '@/server/templates/request-template-sync';
import { createOrg, createUser, deleteOrgs, type CreatedUser } from '@/tests/factories';
import { createConnectedAccount } from '@/tests/platform-factories';
import { randomPhone, simulator } from '@/tests/support/stack';
import { waitFor } from '@/tests/support/wait-for';
import { seriousAxeViolations } from './support/axe';
import { expectNoHorizontalScroll, viewports } from './support/layout';
import { signInAt } from './support/sign-in';

// A finished campaign run against the simulator: two recipients read it (one of them tapped
// "Yes please"), one only received it, one was only sent and one failed. Its detail page shows
// the progress over time on labelled axes and the funnel, in English and Arabic, laptop and phone.
let marketer: CreatedUser;
let orgId: string;
let campaignId: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  orgId = (await createOrg({ name: `Chart Co ${Math.random().toString(36).slice(2, 8)}` })).id;
  const account = await createConnectedAccount(orgId, { name: 'main' });
  marketer = await createUser({ name: 'Mia Marketer', memberships: [{ orgId, role: 'marketer' }] });
  await requestTemplateSync(orgId, account.id);
  const template = await waitFor(
    'templates to sync',
    () => db.template.findFirst({ where: { accountId: account.id, name: 'promo_offer', status: 'APPROVED' } }),
    30_000,
  );
  const campaign = await createCampaign(orgId, { name: 'Spring promo', templateId: template.id });
  campaignId = campaign.id;
  const phones = [randomPhone(), randomPhone(), randomPhone('9903'), randomPhone('9902'), randomPhone('9904')];
  await addCampaignRecipients(
    orgId,
    campaign.id,
    phones.map((to) => ({ to, parameters: { '1': 'Sam', '2': '20%' } })),
  );
  await startCampaign(orgId, campaign.id, { sendMode: 'spread' });
  await waitFor(
    'the campaign to finish with every status in',
    () => db.campaign.findFirst({ where: { id: campaign.id, status: 'completed', readCount: 2, deliveredCount: 3, failedCount: 1 } }),
    40_000,
  );
  const read = await db.message.findFirstOrThrow({ where: { campaignRecipient: { campaignId: campaign.id }, status: 'read' } });
  await simulator('/_sim/tap', { wamid: read.wamid, button_index: 0 });
  await waitFor('the tap to arrive', () => db.message.findFirst({ where: { contextWamid: read.wamid, direction: 'incoming' } }));
});

test.afterAll(async () => {
  await db.user.deleteMany({ where: { id: marketer.id } });
  await deleteOrgs([orgId]);
  await db.$disconnect();
  closeRedis();
});

const words = {
  en: {
    chart: 'Messages over time',
    funnel: 'From sent to replied',
    axes: ['Time', 'Messages', 'Recipients'],
    legend: ['sent', 'delivered', 'read', 'failed'],
    replied: 'Replied',
    tap: '(1 tap)',
  },
  ar: {
    chart: 'الرسائل على مدار الوقت',
    funnel: 'من الإرسال إلى الرد',
    axes: ['الوقت', 'الرسائل', 'المستلمون'],
    legend: [],
    replied: 'ردّ',
    tap: '(نقرة واحدة)',
  },
};

async function expectCharts(page: Page, language: 'en' | 'ar') {
  const w = words[language];
  const chart = page.getByRole('figure', { name: w.chart });
  await expect(chart).toBeVisible({ timeout: 15_000 });
  // Lines, both axes with their ticks and titles, and the legend.
  await expect(chart.locator('.recharts-line-curve')).toHaveCount(4);
  await expect(chart.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').first()).toBeVisible();
  await expect(chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').first()).toBeVisible();
  await expect(chart.locator('.recharts-label', { hasText: w.axes[0] })).toBeVisible();
  await expect(chart.locator('.recharts-label', { hasText: w.axes[1] })).toBeVisible();
  await expect(chart.getByTestId('chart-legend').getByRole('listitem')).toHaveCount(4);
  for (const name of w.legend) await expect(chart.getByTestId('chart-legend').getByRole('listitem').filter({ hasText: name })).toBeVisible();

  const funnel = page.getByRole('figure', { name: w.funnel });
  await expect(funnel).toBeVisible();
  await expect(funnel.locator('.recharts-bar-rectangle')).toHaveCount(4);
  // The last step's name (it may wrap onto two lines of the axis).
  await expect(funnel.locator('.recharts-yAxis-tick-labels', { hasText: w.replied })).toBeVisible();
  await expect(funnel.locator('.recharts-label', { hasText: w.axes[2] })).toBeVisible();
  await expect(page.getByText(w.tap)).toBeVisible();
}

async function check(page: Page, name: string) {
  await expectNoHorizontalScroll(page);
  await page.mouse.move(0, 0);
  await page.getByRole('figure').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `e2e/artifacts/campaign-charts-${name}.png`, fullPage: true });
  expect(await seriousAxeViolations(page), name).toEqual([]);
}

for (const [size, viewport] of Object.entries(viewports)) {
  test(`a finished campaign's progress chart and funnel at ${size}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAt(page, `/campaigns/${campaignId}`, marketer);
    await expect(page.getByTestId('campaign-status')).toHaveText('completed', { timeout: 15_000 });
    await expectCharts(page, 'en');
    // The funnel's labels, each with its share of the sent: the failed recipient is not among the sent.
    const labels = page.getByTestId('campaign-funnel').locator('.recharts-label-list');
    for (const text of ['4 · 100%', '3 · 75%', '2 · 50%', '1 · 25%']) await expect(labels).toContainText(text);
    await check(page, size);
  });
}

test.describe('in Arabic', () => {
  test.use({ locale: 'ar-SA' });

  for (const [size, viewport] of Object.entries(viewports)) {
    test(`a finished campaign's progress chart and funnel at ${size} in Arabic`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signInAt(page, `/campaigns/${campaignId}`, marketer);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expectCharts(page, 'ar');
      await check(page, `${size}-ar`);
    });
  }
});
