import { expect, test, type Page } from '@playwright/test';
import { db } from '@/server/db';
import type { CreatedUser } from '@/tests/factories';
import { randomPhone, simulator } from '@/tests/support/stack';
import { waitFor } from '@/tests/support/wait-for';
import { createInboxTeam, type InboxTeam } from './support/inbox-team';

// An agent in an organization with one connected number, whose templates are synced.
let agent: CreatedUser;
let org: { id: string; name: string };
let account: { id: string; phoneId: string };
let team: InboxTeam;

test.beforeAll(async () => {
  team = await createInboxTeam('Inbox Co', ['Alex Agent']);
  ({ org, account } = team);
  agent = team.agents[0] as CreatedUser;
});

test.afterAll(() => team.cleanUp());

async function signIn(page: Page) {
  await page.goto('/signin?callbackUrl=%2Finbox');
  await page.getByLabel('Email').fill(agent.email);
  await page.getByLabel('Password').fill(agent.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
}

const onePixelPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('an agent works a conversation from first message to template, live', async ({ page }, testInfo) => {
  const shot = async (name: string) =>
    testInfo.attach(name, { body: await page.screenshot({ path: `e2e/artifacts/inbox-${name}.png` }), contentType: 'image/png' });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(page);
  await expect(page.getByText('No conversations yet.')).toBeVisible();
  await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'live');

  // A customer writes: the conversation appears without a reload, unread.
  const phone = randomPhone();
  await simulator('/_sim/inbound', { phone_id: account.phoneId, from: phone, text: 'Hi, where is my parcel?', name: 'Grace Customer' });
  const item = page.getByTestId('conversation').filter({ hasText: 'Grace Customer' });
  await expect(item).toBeVisible({ timeout: 15_000 });
  await expect(item.getByTestId('unread-badge')).toBeVisible();
  await expect(item).toContainText('Hi, where is my parcel?');
  await shot('list');

  // Opening it reads it for the whole team.
  await item.click();
  await expect(page.getByTestId('thread-title')).toHaveText('Grace Customer');
  await expect(page.getByTestId('message').filter({ hasText: 'where is my parcel' })).toBeVisible();
  await expect(item.getByTestId('unread-badge')).toBeHidden();
  const contact = await db.contact.findFirstOrThrow({ where: { orgId: org.id, phoneNumber: phone } });
  await waitFor('unread to clear', async () => !(await db.contact.findUniqueOrThrow({ where: { id: contact.id } })).unread);
  await expect(page.getByTestId('window-state')).toContainText('window closes in 23 h');

  // A reply with Enter; its ticks advance to read as the platform reports.
  await page.getByRole('textbox', { name: 'Reply' }).fill('It left our warehouse this morning.');
  await page.getByRole('textbox', { name: 'Reply' }).press('Enter');
  const reply = page.getByTestId('message').filter({ hasText: 'It left our warehouse' });
  await expect(reply).toBeVisible();
  await expect(reply.getByTestId('status-ticks')).toHaveAttribute('data-status', 'read', { timeout: 15_000 });

  // An attachment goes out with the composer's text as its caption and shows inline.
  await page.getByRole('textbox', { name: 'Reply' }).fill('Your receipt');
  await page.getByTestId('attach-input').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: onePixelPng });
  const photo = page.getByTestId('message').filter({ hasText: 'Your receipt' });
  await expect(photo.locator('img')).toBeVisible({ timeout: 15_000 });
  await expect(photo.getByTestId('status-ticks')).toHaveAttribute('data-status', 'read', { timeout: 15_000 });
  await shot('thread');

  // A day later the window is closed: free text is refused and the composer offers templates.
  await db.contact.update({ where: { id: contact.id }, data: { lastInboundAt: new Date(Date.now() - 25 * 3600_000) } });
  await page.getByRole('textbox', { name: 'Reply' }).fill('Anything else?');
  await page.getByRole('textbox', { name: 'Reply' }).press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'only an approved template can be sent' })).toBeVisible();
  await expect(page.getByTestId('window-closed-notice')).toBeVisible();
  await page.reload();
  await page.getByTestId('conversation').filter({ hasText: 'Grace Customer' }).click();
  await expect(page.getByTestId('window-state')).toHaveText('window closed');
  await expect(page.getByRole('textbox', { name: 'Reply' })).toHaveCount(0);
  await page.getByLabel('Template', { exact: true }).selectOption({ label: 'order_update (en, utility)' });
  await page.getByLabel('{{customer_name}}').fill('Grace');
  await page.getByLabel('{{order_id}}').fill('A-1001');
  await expect(page.getByTestId('template-preview')).toContainText('Hi Grace, your order A-1001 has been updated.');
  await shot('template');
  await page.getByRole('button', { name: 'Send template' }).click();
  const template = page.getByTestId('message').filter({ hasText: 'your order A-1001 has been updated' });
  await expect(template).toBeVisible();
  await expect(template).toContainText('order_update');

  // Assign and tag; both show in the list.
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByLabel('Assigned to')).toHaveValue(agent.id);
  await page.getByLabel('New tag').fill('vip');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Tags' })).toContainText('vip');
  const listed = page.getByTestId('conversation').filter({ hasText: 'Grace Customer' });
  await expect(listed).toContainText('vip');
  await expect(listed).toContainText('Alex Agent');
  const saved = await db.contact.findUniqueOrThrow({ where: { id: contact.id } });
  expect(saved.assignedUserId).toBe(agent.id);
  expect(saved.tags).toEqual(['vip']);
  await page.getByRole('button', { name: 'Mine', exact: true }).click();
  await expect(page.getByTestId('conversation')).toHaveCount(1);
  await page.mouse.move(640, 10);
  await shot('assigned');

  // The help overlay, and a phone-sized screen.
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Back to conversations' })).toBeVisible();
  await shot('phone');
  expect(pageErrors).toEqual([]);
});
