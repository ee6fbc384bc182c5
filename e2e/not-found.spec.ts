import { expect, test } from '@playwright/test';
import { db } from '@/server/db';
import { createOrg, createUser, type CreatedUser, deleteOrgs } from '@/tests/factories';
import { signInAt } from './support/sign-in';

let user: CreatedUser;
let orgId: string;

test.beforeAll(async () => {
  orgId = (await createOrg({ name: `Lost Co ${Math.random().toString(36).slice(2, 8)}` })).id;
  user = await createUser({ memberships: [{ orgId, role: 'owner' }] });
});

test.afterAll(async () => {
  await db.user.deleteMany({ where: { id: user.id } });
  await deleteOrgs([orgId]);
  await db.$disconnect();
});

test('an unknown campaign says so at once (a 404 is not retried) and links back', async ({ page }) => {
  let asked = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/trpc/') && request.url().includes('campaigns.get')) asked += 1;
  });
  await signInAt(page, '/campaigns/cmp_doesnotexist0000000000', user);
  await expect(page.getByRole('heading', { name: 'Campaign not found' })).toBeVisible({ timeout: 3_000 });
  expect(asked, 'the campaign was asked for again after a 404').toBe(1);
  await page.getByRole('link', { name: 'Back to campaigns' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
});

test('an unknown address inside the dashboard offers a way back, in the dashboard frame', async ({ page }) => {
  await signInAt(page, '/inbox/one/too-many', user);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the inbox' }).click();
  await expect(page).toHaveURL(/\/inbox$/);
});

test('an unknown address anywhere else offers a way back', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the inbox' })).toBeVisible();
});

test('lists show skeletons while they load', async ({ page }) => {
  await signInAt(page, '/campaigns', user);
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  // Hold every list's answer back for a moment, so its loading state can be seen.
  await page.route(/\/api\/trpc\/.*(campaigns\.list|apiKeys\.list|webhooks\.list)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  for (const [path, label] of [
    ['/campaigns', 'Loading campaigns'],
    ['/api-keys', 'Loading API keys'],
    ['/webhooks', 'Loading webhooks'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByLabel(label)).toHaveAttribute('aria-busy', 'true');
  }
});
