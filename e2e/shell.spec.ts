import { expect, test, type Page } from '@playwright/test';
import { db } from '@/server/db';
import { createAgentProject } from '@/tests/agent-factories';
import { createOrg, createUser, type CreatedUser, deleteOrgs } from '@/tests/factories';

// One user who belongs to two organizations; the names sort so that Alpha is the default.
let user: CreatedUser;
let alpha: { id: string; name: string };
let beta: { id: string; name: string };

const sections = [
  { label: 'Inbox', path: '/inbox' },
  { label: 'Campaigns', path: '/campaigns' },
  { label: 'Contacts', path: '/contacts' },
  { label: 'Reports', path: '/reports' },
  { label: 'Agents', path: '/agents' },
  { label: 'Webhooks', path: '/webhooks' },
  { label: 'API keys', path: '/api-keys' },
  { label: 'Settings', path: '/settings' },
] as const;

test.beforeAll(async () => {
  const tag = Math.random().toString(36).slice(2, 8);
  alpha = await createOrg({ name: `Alpha Trading ${tag}` });
  beta = await createOrg({ name: `Beta Logistics ${tag}` });
  user = await createUser({
    name: 'Dana Shell',
    memberships: [
      { orgId: alpha.id, role: 'owner' },
      { orgId: beta.id, role: 'agent' },
    ],
  });
});

test.afterAll(async () => {
  await db.user.deleteMany({ where: { id: user.id } });
  await deleteOrgs([alpha.id, beta.id]);
  await db.$disconnect();
});

async function signIn(page: Page, password: string) {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('signed-out visitors are sent to sign in, then use the dashboard frame', async ({ page }, testInfo) => {
  await page.goto('/inbox');
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Finbox$/);

  await signIn(page, user.password);
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const section of sections) await expect(nav.getByRole('link', { name: section.label })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Inbox' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByTestId('active-org-name')).toHaveText(alpha.name);

  await page.getByLabel('Organization').selectOption(beta.id);
  await expect(page.getByTestId('active-org-name')).toHaveText(beta.name);

  for (const section of sections) {
    await nav.getByRole('link', { name: section.label }).click();
    await expect(page).toHaveURL(new RegExp(`${section.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: section.label })).toBeVisible();
    await expect(nav.getByRole('link', { name: section.label })).toHaveAttribute('aria-current', 'page');
    // The switch is remembered server-side, so every page shows the chosen organization.
    await expect(page.getByTestId('active-org-name')).toHaveText(beta.name);
  }

  await page.getByRole('link', { name: 'Inbox' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await page.mouse.move(900, 700); // no hover highlight in the picture
  const screenshot = await page.screenshot({ path: 'e2e/artifacts/shell.png', fullPage: true });
  await testInfo.attach('shell', { body: screenshot, contentType: 'image/png' });

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fsettings$/);
});

test('signing in comes back to the page asked for with its query: the agent project picked in ?project=', async ({ page }) => {
  await createAgentProject(alpha.id, 'Storefront');
  const second = await createAgentProject(alpha.id, 'Wholesale');
  await page.goto(`/agents/keys?project=${second.id}`);
  await expect(page).toHaveURL(new RegExp(`/signin\\?callbackUrl=${encodeURIComponent(`/agents/keys?project=${second.id}`)}$`));
  await signIn(page, user.password);
  await expect(page).toHaveURL(new RegExp(`/agents/keys\\?project=${second.id}$`));
  await expect(page.getByLabel('Project', { exact: true })).toHaveValue(second.id);

  // Without ?project= the pages open the organization's first project, not whichever was added last.
  const [first] = await db.agentProject.findMany({ where: { orgId: alpha.id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take: 1 });
  await page.goto('/agents');
  await expect(page.getByLabel('Project', { exact: true })).toHaveValue(first!.id);
});

test('a wrong password shows an error and stays on sign in', async ({ page }) => {
  await page.goto('/signin');
  await signIn(page, `${user.password}-wrong`);
  // Next's route announcer is an (empty) alert too, so pick ours by its text.
  await expect(page.getByRole('alert').filter({ hasText: 'don’t match an account' })).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
});

test('on a phone the navigation collapses behind a menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/signin?callbackUrl=%2Fcampaigns');
  await signIn(page, user.password);
  await expect(page).toHaveURL(/\/campaigns$/);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeHidden();
  const menu = page.getByRole('button', { name: 'Open menu' });
  await menu.click();
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Webhooks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(nav).toBeHidden();
});
