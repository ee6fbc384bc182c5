import { expect, test, type Page } from '@playwright/test';
import { db } from '@/server/db';
import { closeRedis } from '@/server/redis';
import { createOrg, createUser, type CreatedUser, deleteOrgs } from '@/tests/factories';
import { createConnectedAccount } from '@/tests/platform-factories';
import { randomPhone, simulator } from '@/tests/support/stack';
import { waitFor } from '@/tests/support/wait-for';
import { viewports } from './support/layout';
import { signInAt } from './support/sign-in';

// Three customers who wrote in turn, so the list shows Cleo, then Bruno, then Ada.
let agent: CreatedUser;
let org: { id: string };
const contactIds: Record<string, string> = {};
const customers = ['Ada Customer', 'Bruno Customer', 'Cleo Customer'];

test.beforeAll(async () => {
  org = await createOrg({ name: `Links Co ${Math.random().toString(36).slice(2, 8)}` });
  const account = await createConnectedAccount(org.id, { name: 'main' });
  agent = await createUser({ name: 'Nina Agent', memberships: [{ orgId: org.id, role: 'agent' }] });
  for (const name of customers) {
    const phone = randomPhone();
    await simulator('/_sim/inbound', { phone_id: account.phoneId, from: phone, text: `Hello from ${name}`, name });
    const contact = await waitFor(`${name} to write`, () =>
      db.contact.findFirst({ where: { orgId: org.id, phoneNumber: phone, lastMessageAt: { not: null } } }),
    );
    contactIds[name] = contact.id;
  }
});

test.afterAll(async () => {
  await db.user.deleteMany({ where: { id: agent.id } });
  await deleteOrgs([org.id]);
  await db.$disconnect();
  closeRedis();
});

const item = (page: Page, name: string) => page.getByTestId('conversation').filter({ hasText: name });

test('each conversation has its own address: selecting pushes it, a shared link opens it, Back returns', async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  await signInAt(page, `/inbox/${contactIds['Bruno Customer']}`, agent);
  // A shared link survives signing in and opens that conversation.
  await expect(page).toHaveURL(new RegExp(`/inbox/${contactIds['Bruno Customer']}$`));
  await expect(page.getByTestId('thread-title')).toHaveText('Bruno Customer');
  await expect(item(page, 'Bruno Customer')).toHaveAttribute('aria-current', 'true');

  await item(page, 'Ada Customer').click();
  await expect(page).toHaveURL(new RegExp(`/inbox/${contactIds['Ada Customer']}$`));
  await expect(page.getByTestId('thread-title')).toHaveText('Ada Customer');

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/inbox/${contactIds['Bruno Customer']}$`));
  await expect(page.getByTestId('thread-title')).toHaveText('Bruno Customer');

  await page.reload();
  await expect(page.getByTestId('thread-title')).toHaveText('Bruno Customer');
});

test('an unknown conversation says so at once and links back to the inbox', async ({ page }) => {
  await signInAt(page, '/inbox/ct_doesnotexist000000000000', agent);
  const notFound = page.getByRole('heading', { name: 'Conversation not found' });
  await expect(notFound).toBeVisible({ timeout: 3_000 });
  await page.getByRole('link', { name: 'Back to conversations' }).click();
  await expect(page).toHaveURL(/\/inbox$/);
});

test('the keyboard: arrows and j/k move through the list, Enter opens, Esc leaves the composer', async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  await signInAt(page, '/inbox', agent);
  const items = page.getByTestId('conversation');
  await expect(items).toHaveCount(3);
  const [first, second, third] = [items.nth(0), items.nth(1), items.nth(2)];
  const secondId = await second.getAttribute('data-contact-id');

  await page.keyboard.press('j');
  await expect(first).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(second).toBeFocused();
  await page.keyboard.press('j');
  await expect(third).toBeFocused();
  await page.keyboard.press('k');
  await expect(second).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(first).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/inbox/${secondId}$`));
  await expect(second).toHaveAttribute('aria-current', 'true');

  const reply = page.getByRole('textbox', { name: 'Reply' });
  await expect(reply).toBeVisible();
  await page.keyboard.press('c');
  await expect(reply).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(reply).not.toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/inbox/${secondId}$`));
});

test('on a phone Esc goes back from the thread to the list', async ({ page }) => {
  await page.setViewportSize(viewports.phone);
  await signInAt(page, `/inbox/${contactIds['Cleo Customer']}`, agent);
  await expect(page.getByTestId('thread-title')).toHaveText('Cleo Customer');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(item(page, 'Cleo Customer')).toBeVisible();
});
