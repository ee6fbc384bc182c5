import { expect, test } from '@playwright/test';
import { db } from '@/server/db';
import { signInAt } from './support/sign-in';
import { createOrg, createUser, type CreatedUser, deleteOrgs } from '@/tests/factories';

let user: CreatedUser;
let orgId: string;

test.beforeAll(async () => {
  orgId = (await createOrg({ name: `Keys Co ${Math.random().toString(36).slice(2, 8)}` })).id;
  user = await createUser({ memberships: [{ orgId, role: 'owner' }] });
});

test.afterAll(async () => {
  await db.user.deleteMany({ where: { id: user.id } });
  await deleteOrgs([orgId]);
  await db.$disconnect();
});

test('an owner creates a key, calls /v1/me with it, revokes it and the API refuses it', async ({ page, context, request, baseURL }, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signInAt(page, '/api-keys', user);
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await expect(page.getByText('No API keys yet.')).toBeVisible();

  await page.getByRole('button', { name: 'New API key' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Order system');
  await page.getByRole('group', { name: 'Account' }).getByRole('checkbox', { name: 'account:read' }).check();
  await page.getByRole('group', { name: 'Messages' }).getByRole('checkbox', { name: 'messages:send' }).check();
  await page.getByLabel('Allowed addresses').fill('127.0.0.1\n::1');
  await page.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByTestId('api-key-secret');
  await expect(shown).toHaveText(/^msk_live_[0-9A-Za-z]{32}$/);
  await page.getByRole('button', { name: 'Copy API key' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const key = await page.evaluate(() => navigator.clipboard.readText());
  expect(key).toBe(await shown.textContent());

  const row = page.getByRole('row', { name: 'Order system' });
  await expect(row.getByText(key.slice(0, 12))).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByText('account:read · messages:send')).toBeVisible();

  const me = await request.get('/v1/me', { headers: { authorization: `Bearer ${key}` } });
  expect(me.status()).toBe(200);
  expect((await me.json()).api_key.prefix).toBe(key.slice(0, 12));

  await page.getByRole('button', { name: 'I stored it' }).click();
  await expect(shown).toBeHidden();
  await page.mouse.move(900, 700);
  const screenshot = await page.screenshot({ path: 'e2e/artifacts/api-keys.png', fullPage: true });
  await testInfo.attach('api-keys', { body: screenshot, contentType: 'image/png' });

  await row.getByRole('button', { name: 'Revoke' }).click();
  const dialog = page.getByRole('dialog', { name: /Revoke “Order system”/ });
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(row.getByText('Revoked')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0);

  const refused = await request.get('/v1/me', { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.code).toBe('api_key_revoked');
});
