import { expect, test, type Browser } from '@playwright/test';
import { db } from '@/server/db';
import { createTemplate } from '@/server/templates/create-template';
import { createOrg, createUser, type CreatedUser, deleteOrgs } from '@/tests/factories';
import { createConnectedAccount } from '@/tests/platform-factories';
import { waitFor } from '@/tests/support/wait-for';
import { seriousAxeViolations } from './support/axe';
import { expectNoHorizontalScroll, viewports } from './support/layout';
import { signInAt } from './support/sign-in';

// Every page going live added (docs/going-live.md), at 1440 px and 390 px, in English and Arabic:
// inside the screen, axe-clean, and kept as screenshots in e2e/artifacts/going-live-<page>-<locale>-<width>.png.
let owner: CreatedUser;
let orgId: string;
let rejectedId: string;
let approvedId: string;

test.beforeAll(async () => {
  orgId = (await createOrg({ name: 'Layla’s Long-Named Flower & Gift Boutique of the Old Harbour' })).id;
  await createConnectedAccount(orgId, { name: 'layla-main' });
  owner = await createUser({ memberships: [{ orgId, role: 'owner' }] });
  const write = (name: string, text: string) =>
    createTemplate(orgId, {
      name,
      language: 'en',
      category: 'MARKETING',
      parameter_format: 'NAMED',
      header: { format: 'TEXT', text: 'Spring offer for {{first_name}}', example: 'Sam' },
      body: { text, examples: { first_name: 'Sam', code: 'SPRING24' } },
      footer: { text: 'Reply STOP to opt out' },
      buttons: [
        { type: 'QUICK_REPLY', text: 'Show me' },
        { type: 'URL', text: 'Shop now', url: 'https://flowers.example/shop/{{1}}', example: 'https://flowers.example/shop/spring' },
      ],
    });
  rejectedId = (await write('spring_offer_adjacent', 'Hello {{first_name}}{{code}} is your code for 20% off bouquets this week.')).id;
  approvedId = (await write('spring_offer', 'Hello {{first_name}}, use {{code}} for 20% off bouquets this week.')).id;
  await waitFor('the reviews', async () =>
    (await db.template.count({ where: { orgId, status: { in: ['APPROVED', 'REJECTED'] } } })) === 2 ? true : null,
  );
});

test.afterAll(async () => {
  await db.user.deleteMany({ where: { id: owner.id } });
  await deleteOrgs([orgId]);
  await db.$disconnect();
});

type Ready = { testId: string } | { role: 'progressbar' | 'table' | 'heading' };

const pages = (): Array<{ name: string; path: string; ready: Ready }> => [
  { name: 'templates', path: '/templates', ready: { testId: 'template-status' } },
  { name: 'template-new', path: '/templates/new', ready: { testId: 'template-preview' } },
  { name: 'template-rejected', path: `/templates/${rejectedId}`, ready: { testId: 'template-reason' } },
  { name: 'template-edit', path: `/templates/${approvedId}/edit`, ready: { testId: 'template-preview' } },
  { name: 'get-started', path: '/get-started', ready: { role: 'progressbar' } },
  { name: 'settings', path: '/settings', ready: { role: 'table' } },
  { name: 'forgot-password', path: '/forgot-password', ready: { role: 'heading' } },
  { name: 'reset-password-invalid', path: '/reset-password/no-such-link', ready: { role: 'heading' } },
  { name: 'dev-mailbox', path: '/dev/mailbox', ready: { role: 'heading' } },
  { name: 'help', path: '/help', ready: { role: 'heading' } },
  { name: 'guide', path: '/docs/going-live', ready: { role: 'table' } },
];

async function checkPages(browser: Browser, locale: 'en' | 'ar', width: 'desktop' | 'phone') {
  const context = await browser.newContext({ locale: locale === 'ar' ? 'ar-SA' : 'en-US', viewport: viewports[width] });
  const page = await context.newPage();
  await signInAt(page, '/templates', owner);
  for (const { name, path, ready } of pages()) {
    await page.goto(path);
    const marker = 'testId' in ready ? page.getByTestId(ready.testId) : page.getByRole(ready.role);
    await expect(marker.first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    await expectNoHorizontalScroll(page);
    expect(await seriousAxeViolations(page), `${name} (${locale}, ${width})`).toEqual([]);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `e2e/artifacts/going-live-${name}-${locale}-${viewports[width].width}.png`, fullPage: true });
  }
  await context.close();
}

for (const locale of ['en', 'ar'] as const) {
  for (const width of ['desktop', 'phone'] as const) {
    test(`the going-live pages in ${locale === 'en' ? 'English' : 'Arabic'} at ${viewports[width].width} px`, async ({ browser }) => {
      test.setTimeout(120_000);
      await checkPages(browser, locale, width);
    });
  }
}
