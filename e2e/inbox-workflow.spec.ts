import { expect, test, type Page } from '@playwright/test';
import { db } from '@/server/db';
import type { CreatedUser } from '@/tests/factories';
import { randomPhone, simulator } from '@/tests/support/stack';
import { waitFor } from '@/tests/support/wait-for';
import { createInboxTeam, type InboxTeam } from './support/inbox-team';

// A support team's day: its own queue, resolve and snooze, saved replies, failures in plain words.
let agent: CreatedUser;
let colleague: CreatedUser;
let org: { id: string; name: string };
let account: { id: string; phoneId: string };
let team: InboxTeam;

test.beforeAll(async () => {
  team = await createInboxTeam('Workflow Co', ['Sam Support', 'Cory Colleague']);
  ({ org, account } = team);
  [agent, colleague] = team.agents as [CreatedUser, CreatedUser];
});

test.afterAll(() => team.cleanUp());

async function signIn(page: Page, path = '/inbox') {
  await page.goto(`/signin?callbackUrl=${encodeURIComponent(path)}`);
  await page.getByLabel('Email').fill(agent.email);
  await page.getByLabel('Password').fill(agent.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(path.replace('#', '')));
  if (path === '/inbox') await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'live');
}

async function customerWrites(text: string, name: string, phone = randomPhone()) {
  await simulator('/_sim/inbound', { phone_id: account.phoneId, from: phone, text, name });
  return phone;
}

const conversation = (page: Page, name: string) => page.getByTestId('conversation').filter({ hasText: name });

/** Opens a customer's conversation once the list shows it (live, or at the latest by the list's 30 s refresh). */
async function open(page: Page, name: string) {
  await expect(conversation(page, name)).toBeVisible({ timeout: 35_000 });
  await conversation(page, name).click();
}

test("the agent's queue: mine and unassigned, resolve, snooze, and the customer reopening it", async ({ page }) => {
  await signIn(page);
  const phone = await customerWrites('Is the shop open on Sunday?', 'Olive Open');
  await customerWrites('Please call me back', 'Theo Theirs');
  await expect(conversation(page, 'Olive Open')).toBeVisible({ timeout: 35_000 });
  await expect(conversation(page, 'Theo Theirs')).toBeVisible();

  // A colleague's conversation leaves the agent's default view, not the team's.
  const theirs = await waitFor('Theo stored', () => db.contact.findFirst({ where: { orgId: org.id, name: 'Theo Theirs' } }));
  await db.contact.update({ where: { id: theirs.id }, data: { assignedUserId: colleague.id } });
  await page.reload();
  await expect(conversation(page, 'Olive Open')).toBeVisible();
  await expect(conversation(page, 'Theo Theirs')).toHaveCount(0);
  await page.getByRole('button', { name: 'Everyone' }).click();
  await expect(conversation(page, 'Theo Theirs')).toBeVisible();
  await expect(page.getByTestId('count-open')).toHaveText('2');

  // Resolving moves it to Resolved, counts follow.
  await conversation(page, 'Olive Open').click();
  await page.getByTestId('status-actions').getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByTestId('status-actions')).toHaveAttribute('data-status', 'resolved');
  await expect(conversation(page, 'Olive Open')).toHaveCount(0);
  await expect(page.getByTestId('count-open')).toHaveText('1');
  await expect(page.getByTestId('count-resolved')).toHaveText('1');
  await page.getByTestId('status-resolved').click();
  await expect(conversation(page, 'Olive Open')).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/inbox-resolved.png' });

  // The customer's next message reopens it, live.
  await customerWrites('Also, do you deliver?', 'Olive Open', phone);
  await expect(page.getByTestId('status-actions')).toHaveAttribute('data-status', 'open', { timeout: 15_000 });
  await page.getByTestId('status-open').click();
  await expect(conversation(page, 'Olive Open')).toBeVisible();

  // Snoozed until tomorrow morning: out of Open, in Snoozed with its time.
  await page.getByTestId('status-actions').getByRole('button', { name: 'Snooze' }).click();
  await page.getByRole('button', { name: 'Until tomorrow, 9:00' }).click();
  await expect(page.getByTestId('snoozed-until')).toBeVisible();
  await expect(conversation(page, 'Olive Open')).toHaveCount(0);
  await page.getByTestId('status-snoozed').click();
  await expect(conversation(page, 'Olive Open')).toBeVisible();
});

test('a saved reply added in Settings is inserted with / and filled for the customer', async ({ page }) => {
  await signIn(page, '/settings');
  await page.getByLabel('Shortcut').fill('hours');
  await page.getByLabel('Reply', { exact: true }).fill('Hi {{first_name|there}}, we are open 9 to 5 every day.');
  await page.getByRole('button', { name: 'Add reply' }).click();
  await expect(page.getByRole('list', { name: 'Saved replies' })).toContainText('/hours');

  await customerWrites('When are you open?', 'Petra Picker');
  await page.goto('/inbox');
  await open(page, 'Petra Picker');
  const reply = page.getByRole('textbox', { name: 'Reply' });
  await reply.fill('/ho');
  await expect(page.getByRole('option', { name: /\/hours/ })).toBeVisible();
  await reply.press('Enter');
  await expect(reply).toHaveValue('Hi Petra, we are open 9 to 5 every day.');
  await reply.press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: 'Hi Petra, we are open 9 to 5' })).toBeVisible();
});

test('a reply the platform could not deliver says why in plain words', async ({ page }) => {
  await signIn(page);
  await customerWrites('hello?', 'Uma Undeliverable', randomPhone('9904'));
  await open(page, 'Uma Undeliverable');
  const reply = page.getByRole('textbox', { name: 'Reply' });
  await reply.fill('Thanks for writing!');
  await reply.press('Enter');
  const failure = page.getByTestId('failure');
  await expect(failure).toBeVisible({ timeout: 15_000 });
  await expect(failure).toHaveAttribute('data-reason', 'undeliverable');
  await expect(failure).toContainText('could not deliver to this number');
  await page.screenshot({ path: 'e2e/artifacts/inbox-failure.png' });
});

test('a template starts with the variables the customer record fills', async ({ page }) => {
  await signIn(page);
  await customerWrites('hi', 'Quinn Template');
  await open(page, 'Quinn Template');
  await page.getByRole('button', { name: 'Template', exact: true }).click();
  await page.getByLabel('Template', { exact: true }).selectOption({ label: 'order_update (en, utility)' });
  await expect(page.getByLabel('{{customer_name}}')).toHaveValue('Quinn Template');
  await expect(page.getByLabel('{{order_id}}')).toHaveValue('');
});

test('a reply written offline shows as queued and is sent once when the connection is back', async ({ page, context }) => {
  await signIn(page);
  const phone = await customerWrites('Are you there?', 'Otto Offline');
  await open(page, 'Otto Offline');
  const reply = page.getByRole('textbox', { name: 'Reply' });
  await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'live');

  await context.setOffline(true);
  await reply.fill('Yes, one moment please.');
  await reply.press('Enter');
  const queued = page.getByTestId('queued-reply');
  await expect(queued).toHaveAttribute('data-paused', 'true');
  await expect(queued).toContainText('Queued');
  await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'offline');
  await page.screenshot({ path: 'e2e/artifacts/inbox-queued.png' });

  await context.setOffline(false);
  await expect(queued).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('live-state')).not.toHaveAttribute('data-state', 'offline');
  await expect(page.getByTestId('message').filter({ hasText: 'Yes, one moment please.' })).toHaveCount(1);
  await waitFor('the reply at the platform', async () => {
    const sent = await simulator<{ data: Array<{ body: { text?: { body?: string } } }> }>(`/_sim/sent?to=${encodeURIComponent(phone)}`);
    return sent.data.some((s) => s.body.text?.body === 'Yes, one moment please.');
  });
  const sent = await simulator<{ data: Array<{ body: { text?: { body?: string } } }> }>(`/_sim/sent?to=${encodeURIComponent(phone)}`);
  expect(sent.data.filter((s) => s.body.text?.body === 'Yes, one moment please.')).toHaveLength(1);
});
