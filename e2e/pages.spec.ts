import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { longTexts, useDashboardWorld } from './support/dashboard-world';
import { expectNoBrokenWords, expectNoHorizontalScroll, viewports } from './support/layout';
import { signInAt } from './support/sign-in';

// Every page, in an organization whose texts are as long as they may be, at laptop and phone
// size: nothing scrolls sideways, no dashboard word breaks mid-letter on a phone, axe finds no
// serious or critical problem, and a screenshot of each is kept as
// e2e/artifacts/pages/<page>-<size>.png. The dashboard pages again in Arabic, right to left, as
// <page>-<size>-ar.png.
const world = useDashboardWorld();

interface Visit {
  name: string;
  path: () => string;
  /** What shows once the page has its data. */
  ready: (page: Page) => ReturnType<Page['getByText']>;
  /** The page in Arabic: a heading it shows, and what shows once it has its data when that is words. */
  arabic: { heading: string; ready?: (page: Page) => ReturnType<Page['getByText']> };
}

const visits: Visit[] = [
  {
    name: 'inbox',
    path: () => '/inbox',
    ready: (page) => page.getByTestId('conversation').first(),
    arabic: { heading: 'صندوق الوارد' },
  },
  {
    name: 'conversation',
    path: () => `/inbox/${world().contactId}`,
    ready: (page) => page.getByTestId('message').first(),
    arabic: { heading: 'صندوق الوارد' },
  },
  {
    name: 'campaigns',
    path: () => '/campaigns',
    ready: (page) => page.getByRole('link', { name: longTexts.campaign }),
    arabic: { heading: 'الحملات' },
  },
  {
    name: 'campaign',
    path: () => `/campaigns/${world().campaignId}`,
    ready: (page) => page.getByTestId('campaign-status'),
    arabic: { heading: 'المستلمون' },
  },
  {
    name: 'new-campaign',
    path: () => '/campaigns/new',
    ready: (page) => page.getByLabel('Campaign name'),
    arabic: { heading: 'حملة جديدة', ready: (page) => page.getByLabel('اسم الحملة') },
  },
  {
    name: 'contacts',
    path: () => '/contacts',
    ready: (page) => page.getByRole('link', { name: longTexts.customerName }),
    arabic: { heading: 'جهات الاتصال' },
  },
  {
    name: 'contact',
    path: () => `/contacts/${world().contactId}`,
    ready: (page) => page.getByRole('heading', { level: 1, name: longTexts.customerName }),
    arabic: { heading: 'المحادثات' },
  },
  {
    name: 'import-contacts',
    path: () => '/contacts/import',
    ready: (page) => page.getByLabel('CSV text'),
    arabic: { heading: 'استيراد جهات الاتصال', ready: (page) => page.getByLabel('نص CSV') },
  },
  {
    name: 'reports',
    path: () => '/reports',
    ready: (page) => page.getByTestId('messages-chart'),
    arabic: { heading: 'التقارير' },
  },
  { name: 'webhooks', path: () => '/webhooks', ready: (page) => page.getByText(longTexts.webhookUrl), arabic: { heading: 'الويب هوك' } },
  {
    name: 'api-keys',
    path: () => '/api-keys',
    ready: (page) => page.getByRole('row', { name: longTexts.apiKey }),
    arabic: { heading: 'مفاتيح API' },
  },
  {
    name: 'agents',
    path: () => '/agents',
    ready: (page) => page.getByRole('link', { name: world().agent.name }),
    arabic: { heading: 'الوكلاء' },
  },
  {
    name: 'agent',
    path: () => `/agents/${world().agent.id}`,
    ready: (page) => page.getByRole('heading', { level: 2, name: world().agent.name }),
    arabic: { heading: 'منشئ الوكيل' },
  },
  {
    name: 'agent-keys',
    path: () => '/agents/keys',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Agent API keys' }),
    arabic: { heading: 'مفاتيح واجهة الوكلاء', ready: (page) => page.getByRole('heading', { level: 1, name: 'مفاتيح واجهة الوكلاء' }) },
  },
  {
    name: 'agent-credentials',
    path: () => '/agents/credentials',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Provider keys' }),
    arabic: { heading: 'مفاتيح المزوّدين', ready: (page) => page.getByRole('heading', { level: 1, name: 'مفاتيح المزوّدين' }) },
  },
  {
    name: 'get-started',
    path: () => '/get-started',
    ready: (page) => page.getByRole('progressbar'),
    arabic: { heading: 'ابدأ هنا', ready: (page) => page.getByRole('progressbar') },
  },
  {
    name: 'help',
    path: () => '/help',
    ready: (page) => page.getByRole('link', { name: 'Agent API reference' }),
    arabic: { heading: 'المساعدة', ready: (page) => page.getByRole('link', { name: 'مرجع واجهة الوكلاء' }) },
  },
  {
    name: 'settings',
    path: () => '/settings',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Settings' }),
    arabic: { heading: 'الإعدادات', ready: (page) => page.getByRole('row').nth(1) },
  },
];

/** Pages anyone may read. */
const publicVisits: Array<{ name: string; path: string; ready: (page: Page) => ReturnType<Page['getByText']> }> = [
  { name: 'signin', path: '/signin', ready: (page) => page.getByLabel('Email') },
  { name: 'docs-api', path: '/docs/api', ready: (page) => page.getByRole('heading', { level: 1, name: 'API reference' }) },
  { name: 'docs-errors', path: '/docs/errors', ready: (page) => page.getByRole('heading', { level: 1, name: 'Error codes' }) },
  { name: 'agent-docs', path: '/agent/docs', ready: (page) => page.getByRole('heading', { level: 1, name: 'Agent service API reference' }) },
  {
    name: 'agent-docs-errors',
    path: '/agent/docs/errors#session_busy',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Agent service error codes' }),
  },
];

/**
 * `whole: false` for the API references: axe takes 20–60 s over their thousands of nodes and a
 * full-page screenshot several more, so they get axe once (at desktop; the phone layout adds no
 * node) and a screenshot of the first screen. `words`: no word of letters breaks mid-letter.
 */
async function check(page: Page, name: string, size: string, { axe = true, whole = true, words = false } = {}) {
  await expectNoHorizontalScroll(page);
  if (words && size.startsWith('phone')) await expectNoBrokenWords(page);
  const { violations } = axe ? await new AxeBuilder({ page }).analyze() : { violations: [] };
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `e2e/artifacts/pages/${name}-${size}.png`, fullPage: whole });
  expect(serious, `${name} at ${size}`).toEqual([]);
}

for (const [size, viewport] of Object.entries(viewports)) {
  for (const visit of publicVisits) {
    test(`${visit.name} at ${size}`, async ({ page }) => {
      const reference = visit.name.includes('docs');
      if (reference && size === 'desktop') test.slow();
      await page.setViewportSize(viewport);
      await page.goto(visit.path);
      await expect(visit.ready(page)).toBeVisible();
      await check(page, visit.name, size, reference ? { axe: size === 'desktop', whole: false } : {});
    });
  }

  for (const visit of visits) {
    test(`${visit.name} at ${size}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signInAt(page, visit.path(), world().owner);
      await expect(visit.ready(page)).toBeVisible({ timeout: 15_000 });
      await check(page, visit.name, size, { words: true });
    });
  }
}

test.describe('in Arabic', () => {
  test.use({ locale: 'ar-SA' });

  for (const [size, viewport] of Object.entries(viewports)) {
    for (const visit of visits) {
      test(`${visit.name} at ${size} in Arabic`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await signInAt(page, visit.path(), world().owner);
        await expect((visit.arabic.ready ?? visit.ready)(page)).toBeVisible({ timeout: 15_000 });
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
        await expect(page.getByRole('heading', { name: visit.arabic.heading, exact: true })).toBeVisible();
        await check(page, visit.name, `${size}-ar`, { words: true });
      });
    }
  }
});
