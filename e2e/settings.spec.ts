import { expect, test } from '@playwright/test';
import { db } from '@/server/db';
import { signInAt } from './support/sign-in';
import { createOrg, createUser, type CreatedUser, deleteOrgs } from '@/tests/factories';
import { createConnectedAccount } from '@/tests/platform-factories';

let owner: CreatedUser;
let orgId: string;
const suffix = Math.random().toString(36).slice(2, 8);
const inviteeEmail = `invitee-${suffix}@example.test`;

test.beforeAll(async () => {
  orgId = (await createOrg({ name: `Settings Co ${suffix}` })).id;
  owner = await createUser({ memberships: [{ orgId, role: 'owner' }] });
  const account = await createConnectedAccount(orgId, { name: 'support-line' });
  await db.businessPortfolio.update({ where: { id: account.portfolioId }, data: { limitsSyncedAt: new Date('2026-11-20T09:30:00Z') } });
});

test.afterAll(async () => {
  await db.user.deleteMany({ where: { email: { in: [owner.email, inviteeEmail] } } });
  await deleteOrgs([orgId]);
  await db.$disconnect();
});

test('an owner renames the organization, invites a member who sets a password with the link, and sees the numbers', async ({
  page,
}, testInfo) => {
  await signInAt(page, '/settings', owner);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  const organization = page.getByRole('region', { name: 'Organization' });
  await organization.getByLabel('Name').fill(`Renamed ${suffix}`);
  await organization.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  // The notice can be dismissed at once.
  await page.getByRole('status').getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toHaveCount(0);
  expect((await db.organization.findUniqueOrThrow({ where: { id: orgId } })).name).toBe(`Renamed ${suffix}`);

  const numbers = page.getByRole('region', { name: 'Connected numbers' });
  const row = numbers.getByRole('row', { name: /support-line/ });
  await expect(row.getByText('GREEN')).toBeVisible();
  await expect(row.getByText('TIER_250')).toBeVisible();
  await expect(row.getByText(/2026.*UTC/)).toBeVisible();

  const members = page.getByRole('region', { name: 'Members' });
  await members.getByLabel('Email').fill(inviteeEmail);
  await members.getByLabel(/^Name/).fill('Ines Vite');
  await members.getByLabel('Role', { exact: true }).selectOption('agent');
  await members.getByRole('button', { name: 'Invite' }).click();
  const link = page.getByTestId('invite-link');
  await expect(link).toHaveText(/\/invite\/\S+$/);
  await expect(members.getByText(`${inviteeEmail} · invitation not accepted yet`)).toBeVisible();
  const screenshot = await page.screenshot({ path: 'e2e/artifacts/settings.png', fullPage: true });
  await testInfo.attach('settings', { body: screenshot, contentType: 'image/png' });

  // The invitee follows the link (in a browser of their own), chooses a password and signs in.
  const inviteUrl = new URL((await link.textContent()) as string);
  const invitee = await page.context().browser()!.newPage();
  await invitee.goto(inviteUrl.pathname);
  await expect(invitee.getByRole('heading', { name: 'Welcome, Ines Vite' })).toBeVisible();
  await invitee.getByLabel('New password').fill('a long enough password');
  await invitee.getByLabel('Repeat the password').fill('a long enough password');
  await invitee.getByRole('button', { name: 'Set password' }).click();
  await invitee.waitForURL('**/signin');
  await invitee.getByLabel('Email').fill(inviteeEmail);
  await invitee.getByLabel('Password').fill('a long enough password');
  await invitee.getByRole('button', { name: 'Sign in' }).click();
  await invitee.waitForURL((url) => !url.pathname.startsWith('/signin'));
  await invitee.goto('/settings');
  await expect(invitee.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(invitee.getByText('Only owners and admins can rename the organization.')).toBeVisible();
  await invitee.close();

  await page.reload();
  await expect(members.getByText(inviteeEmail, { exact: true })).toBeVisible();
});
