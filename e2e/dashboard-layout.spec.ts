import { expect, test } from '@playwright/test';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { closeRedis } from '@/server/redis';
import { createOrg, deleteOrgs } from '@/tests/factories';
import { createDashboardWorld, longTexts, type DashboardWorld } from './support/dashboard-world';
import { expectReachable, expectTextFits, viewports } from './support/layout';
import { signInAt } from './support/sign-in';

// The owner of the world with long texts, who also belongs to a second organization.
let world: DashboardWorld;
let second: { id: string };

test.beforeAll(async () => {
  world = await createDashboardWorld();
  second = await createOrg({ name: `Second Org ${Math.random().toString(36).slice(2, 8)}` });
  await db.membership.create({ data: { id: newId('membership'), orgId: second.id, userId: world.owner.id, role: 'agent' } });
});

test.afterAll(async () => {
  await world.cleanUp();
  await deleteOrgs([second.id]);
  await db.$disconnect();
  closeRedis();
});

test('the organization switcher shows the whole name of the organization', async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  await signInAt(page, '/inbox', world.owner);
  const switcher = page.getByLabel('Organization');
  await expect(switcher).toHaveValue(world.org.id);
  // A select cannot wrap, so the text it shows must fit in it.
  const overflow = await switcher.evaluate((select: HTMLSelectElement) => {
    const probe = document.createElement('span');
    probe.style.font = getComputedStyle(select).font;
    probe.style.whiteSpace = 'pre';
    probe.textContent = select.selectedOptions[0]?.textContent ?? '';
    document.body.append(probe);
    const style = getComputedStyle(select);
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    return width - room;
  });
  expect(overflow, 'the organization’s name is cut').toBeLessThanOrEqual(0);
});

test('API keys: row actions are in view at 1440 px and the revoke dialog holds its text', async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  await signInAt(page, '/api-keys', world.owner);
  const row = page.getByRole('row', { name: longTexts.apiKey });
  await expectReachable(row.getByRole('button', { name: 'Switch off' }));
  await expectReachable(row.getByRole('button', { name: 'Revoke' }));

  await row.getByRole('button', { name: 'Revoke' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectTextFits(dialog);
  await expectTextFits(dialog.getByRole('heading'));
  await expectReachable(dialog.getByRole('button', { name: 'Revoke key' }));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});
