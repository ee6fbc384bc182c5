import { expect, test, type Page } from '@playwright/test';
import { config } from '@/server/config';
import { db } from '@/server/db';
import { createOrg, createUser, type CreatedUser, deleteOrgs } from '@/tests/factories';
import { simulator, simulatorUrl } from '@/tests/support/stack';
import { seriousAxeViolations } from './support/axe';
import { expectNoHorizontalScroll, viewports } from './support/layout';
import { signInAt } from './support/sign-in';

// Settings → Connected numbers → Connect a number (docs/going-live.md, "Connecting a number"),
// against the simulator's stand-in for the platform's Embedded Signup popup and its onboarding API.
let owner: CreatedUser;
let orgId: string;

test.beforeAll(async () => {
  orgId = (await createOrg({ name: 'Nora Bakery' })).id;
  owner = await createUser({ memberships: [{ orgId, role: 'owner' }] });
});

test.afterAll(async () => {
  await db.user.deleteMany({ where: { id: owner.id } });
  await deleteOrgs([orgId]);
  await db.$disconnect();
});

async function openConnect(page: Page, pin: string) {
  await page.getByRole('button', { name: 'Connect a number' }).click();
  await page.getByLabel('Two-step verification PIN').fill(pin);
}

/** A business made through the popup's own calls (no browser), with a number whose PIN is set, and a token for it. */
async function businessWithPin(pin: string) {
  await simulator('/_sim/signup/next', { business_name: 'Hand Connected', pin });
  const query = new URLSearchParams({
    app_id: config.PLATFORM_APP_ID,
    config_id: config.PLATFORM_SIGNUP_CONFIG_ID,
    origin: 'http://localhost:3000',
  });
  const session = /data-session="([^"]+)"/.exec(await (await fetch(`${simulatorUrl}/embedded-signup?${query}`)).text())![1];
  const { message } = await simulator<{ message: string }>('/embedded-signup/finish', { session });
  const { data } = JSON.parse(message) as { data: { waba_id: string; phone_number_id: string } };
  const { access_token } = await simulator<{ access_token: string }>('/_sim/tokens', { waba_ids: [data.waba_id] });
  return { wabaId: data.waba_id, phoneNumberId: data.phone_number_id, token: access_token };
}

test('an owner connects a number with Embedded Signup, then one by hand after a wrong PIN; a closed popup connects nothing', async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  await signInAt(page, '/settings', owner);
  await expect(
    page.getByText('No number is connected to this organization yet. Connect one with Connect a number above, and customers can write to it.'),
  ).toBeVisible();

  // A popup closed with Cancel: nothing happens, and it says so.
  await openConnect(page, '246810');
  const cancelled = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Embedded Signup' }).click();
  await (await cancelled).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'closed before it finished' })).toBeVisible();

  // Finish: the business's number is connected, registered with the PIN chosen first.
  await simulator('/_sim/signup/next', { business_name: 'Nora Bakery Main' });
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Embedded Signup' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: 'Connect your WhatsApp Business account' })).toBeVisible();
  await popup.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'nora-bakery-main is connected.' })).toBeVisible({ timeout: 20_000 });
  const first = page.getByRole('row', { name: /nora-bakery-main/ });
  await expect(first).toContainText('Connected');

  // By hand, with a wrong PIN first: the step says so, and the retry needs only the PIN.
  const business = await businessWithPin('111111');
  await openConnect(page, '222222');
  await page.getByRole('button', { name: 'Enter ids and token instead' }).click();
  await page.getByLabel('WhatsApp business account id').fill(business.wabaId);
  await page.getByLabel('Phone number id').fill(business.phoneNumberId);
  await page.getByLabel('System user access token').fill(business.token);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The PIN is wrong.' })).toBeVisible();
  await page.getByLabel('Two-step verification PIN').fill('111111');
  await page.getByRole('button', { name: 'Try again with this PIN' }).click();
  await expect(page.getByRole('row', { name: /hand-connected/ })).toContainText('Connected');
  await expect(page.getByText(business.token)).toHaveCount(0);
  expect(await db.account.count({ where: { orgId } })).toBe(2);
});

test('the connect panel in Arabic on a phone: right to left, inside the screen, axe-clean', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ar-SA', viewport: viewports.phone });
  const page = await context.newPage();
  await signInAt(page, '/settings', owner);
  await page.getByRole('button', { name: 'ربط رقم' }).click();
  await expect(page.getByRole('heading', { name: 'ربط رقم واتساب' })).toBeVisible();
  await page.getByRole('button', { name: 'إدخال المعرّفات والرمز بدلًا من ذلك' }).click();
  await expectNoHorizontalScroll(page);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await context.close();
});
