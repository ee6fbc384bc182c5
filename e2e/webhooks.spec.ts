import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { db } from '@/server/db';
import { signInAt } from './support/sign-in';
import { createOrg, createUser, type CreatedUser, deleteOrgs } from '@/tests/factories';

let user: CreatedUser;
let orgId: string;
let receiver: Server;
let receiverUrl: string;
let hits = 0;

test.beforeAll(async () => {
  orgId = (await createOrg({ name: `Hooks Co ${Math.random().toString(36).slice(2, 8)}` })).id;
  user = await createUser({ memberships: [{ orgId, role: 'owner' }] });
  // 127.0.0.77 is the one private address the test stack lets outbound requests reach.
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.77', resolve));
  receiverUrl = `http://127.0.0.77:${(receiver.address() as AddressInfo).port}/hooks`;
});

test.afterAll(async () => {
  receiver.close();
  await db.user.deleteMany({ where: { id: user.id } });
  await deleteOrgs([orgId]);
  await db.$disconnect();
});

test('an owner creates a webhook, sends a test and sees it in the delivery log', async ({ page }, testInfo) => {
  await signInAt(page, '/webhooks', user);
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByText('No webhooks yet.')).toBeVisible();

  await page.getByRole('button', { name: 'New webhook' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Order system');
  await page.getByLabel('Endpoint URL').fill(receiverUrl);
  const messages = page.getByRole('group', { name: 'Messages events' });
  await messages.getByRole('checkbox', { name: /Message delivered/ }).check();
  await messages.getByRole('checkbox', { name: /Button reply/ }).check();
  await page.getByRole('button', { name: 'Create webhook' }).click();

  await expect(page.getByTestId('webhook-secret')).toHaveText(/^whsec_/);
  const card = page.getByRole('listitem').filter({ hasText: 'Order system' });
  await expect(card.getByText('Active')).toBeVisible();

  await card.getByRole('button', { name: 'Send test' }).click();
  await expect(card.getByTestId('test-result')).toContainText('Test delivered: HTTP 200');
  expect(hits).toBe(1);
  const log = card.getByTestId('delivery-log');
  await expect(log.getByText('message.delivered', { exact: true })).toBeVisible();
  await log.getByText('attempt 1').click();
  await expect(log.getByText('{"ok":true}')).toBeVisible();

  await page.getByRole('button', { name: 'I stored it' }).click();
  await page.mouse.move(900, 700);
  const screenshot = await page.screenshot({ path: 'e2e/artifacts/webhooks.png', fullPage: true });
  await testInfo.attach('webhooks', { body: screenshot, contentType: 'image/png' });

  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(card.getByText('Paused')).toBeVisible();
  await card.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: /Delete “Order system”/ });
  await dialog.getByRole('button', { name: 'Delete webhook' }).click();
  await expect(page.getByText('No webhooks yet.')).toBeVisible();
});
