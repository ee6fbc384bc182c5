import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { agentConfigSchema } from '@/server/agent/agents/agent-config';
import { createAgent } from '@/server/agent/agents/manage-agents';
import { setProjectAiPaused } from '@/server/agent/projects/project';
import { db } from '@/server/db';
import { closeRedis } from '@/server/redis';
import { createAgentProject, createAgent as createPublishedAgent, simKey } from '@/tests/agent-factories';
import { createOrg, createUser, type CreatedUser, deleteOrgs } from '@/tests/factories';
import { expectNoHorizontalScroll, viewports } from './support/layout';
import { signInAt } from './support/sign-in';

// The agent builder (issue 20): an owner builds an agent against the demo shop, an admin saves
// the same draft first, the owner sees the conflict, reloads and publishes; a marketer only reads.
let owner: CreatedUser;
let admin: CreatedUser;
let marketer: CreatedUser;
let org: { id: string };
let project: { id: string };
let returnsDesk: { id: string };
const shop = process.env.SHOP_URL!;

test.beforeAll(async () => {
  org = await createOrg({ name: `Agents Co ${Math.random().toString(36).slice(2, 8)}` });
  owner = await createUser({ name: 'Omar Owner', memberships: [{ orgId: org.id, role: 'owner' }] });
  admin = await createUser({ name: 'Aya Admin', memberships: [{ orgId: org.id, role: 'admin' }] });
  marketer = await createUser({ name: 'Mona Marketer', memberships: [{ orgId: org.id, role: 'marketer' }] });
  project = await createAgentProject(org.id, 'Support');
  returnsDesk = await createAgent(project.id, {
    name: 'Returns desk',
    config: agentConfigSchema.parse({
      instructions: 'Help customers return items.',
      model: { id: 'sim/steady' },
      handoff: { escalation_reply: { en: 'A colleague will reply.', ar: 'سيرد عليك زميل.' } },
    }),
  });
});

test.afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: [owner.id, admin.id, marketer.id] } } });
  await deleteOrgs([org.id]);
  await db.$disconnect();
  closeRedis();
});

/** A full-page screenshot kept in e2e/artifacts and attached to the report. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.mouse.move(0, 0);
  const body = await page.screenshot({ path: `e2e/artifacts/agent-builder-${name}.png`, fullPage: true });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

/** Nothing scrolls sideways and axe finds no serious or critical problem. */
async function expectClean(page: Page) {
  await expectNoHorizontalScroll(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test('an owner builds an agent, tests a tool, meets an etag conflict, reloads and publishes version 1', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize(viewports.desktop);
  await signInAt(page, '/agents', owner);
  await expect(page.getByRole('heading', { level: 1, name: 'Agents' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Returns desk' })).toBeVisible();

  // Create: the model comes from the catalogue, which says what the plan allows and what needs a key.
  await page.getByRole('button', { name: 'New agent' }).click();
  await page.getByLabel('Agent name', { exact: true }).fill('Shop helper');
  await expect(page.getByRole('option', { name: 'openai/o3 — not on your plan' })).toBeDisabled();
  await page.getByLabel('Model', { exact: true }).selectOption('sim/steady');
  await page.getByRole('button', { name: 'Create agent' }).click();
  await expect(page).toHaveURL(/\/agents\/agt_/);
  const agentUrl = new URL(page.url()).pathname;

  // Not ready: no provider key. The blocker links to the page that fixes it.
  const readiness = page.getByTestId('readiness');
  await expect(readiness).toContainText('No valid provider key serves its model.');
  await readiness.getByRole('link', { name: 'Add a provider key' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Provider keys' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a provider key' }).click();
  const apiKey = simKey();
  await page.getByLabel('Name', { exact: true }).fill('Main OpenAI');
  await page.getByLabel('API key', { exact: true }).fill(apiKey);
  await page.getByRole('button', { name: 'Check and save' }).click();
  const credential = page.getByRole('row', { name: /Main OpenAI/ });
  await expect(credential.getByText('Valid')).toBeVisible();
  await expect(credential.getByText(`••••${apiKey.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(apiKey)).toHaveCount(0);
  await credential.getByRole('button', { name: 'Check Main OpenAI again' }).click();
  await expect(credential.getByText('Valid')).toBeVisible();

  await page.goto(agentUrl);
  await expect(page.getByTestId('readiness')).toHaveText('Ready: this agent can answer once published.');

  // An HTTP tool against the demo shop, tested from the page.
  await page.getByRole('button', { name: 'New HTTP tool' }).click();
  await page.getByLabel('Tool name', { exact: true }).fill('order_status');
  await page.getByLabel('URL', { exact: true }).fill(`${shop}/orders/{{args.order_id}}`);
  await page
    .getByLabel('Parameters (JSON Schema)', { exact: true })
    .fill('{"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]}');
  await page.getByLabel('Fields to keep (optional)', { exact: true }).fill('/status, /eta');
  await page.getByRole('button', { name: 'Create tool' }).click();
  await page.getByLabel('Use order_status', { exact: true }).check();
  await page.getByRole('button', { name: 'Test order_status' }).click();
  await page.getByLabel('Arguments (JSON)', { exact: true }).fill('{"order_id": "1234"}');
  await page.getByRole('button', { name: 'Run test' }).click();
  const result = page.getByTestId('tool-test-result');
  await expect(result).toContainText('Succeeded');
  await expect(result).toContainText('HTTP status 200');
  await expect(result).toContainText('"status"');

  // Knowledge, a variable and the handoff texts, then one save.
  await page.getByRole('button', { name: 'Add a source' }).click();
  await page.getByLabel('Source name', { exact: true }).fill('Returns policy');
  await page.getByLabel('Content', { exact: true }).fill('Items can be returned within 30 days.');
  await page.getByRole('button', { name: 'Add source' }).click();
  await page.getByLabel('Use Returns policy', { exact: true }).check();
  await expect(page.getByRole('listitem').filter({ hasText: 'Use Returns policy' }).getByText('Ready')).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Search the knowledge sources', { exact: true }).check();
  await page.getByRole('button', { name: 'Add a variable' }).click();
  await page
    .getByRole('group', { name: /Variable 1/ })
    .getByLabel('Name', { exact: true })
    .fill('tier');
  await page.getByLabel('Reply when handing over (English)', { exact: true }).fill('A colleague will reply shortly.');
  await page.getByLabel('Reply when handing over (Arabic)', { exact: true }).fill('سيرد عليك زميل قريبًا.');
  await page.getByLabel('Instructions', { exact: true }).fill('You help shop customers with their orders.');
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();

  // An admin in another browser saves the same draft first.
  const adminBrowser = await browser.newContext();
  const adminPage = await adminBrowser.newPage();
  await signInAt(adminPage, agentUrl, admin);
  await adminPage.getByLabel('Instructions', { exact: true }).fill('Admin wording: be brief.');
  await adminPage.getByRole('button', { name: 'Save draft' }).click();
  await expect(adminPage.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await adminBrowser.close();

  await page.getByLabel('Instructions', { exact: true }).fill('Owner wording: be warm.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  const conflict = page.getByRole('alert').filter({ hasText: 'Someone else changed this draft' });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText('your unsaved changes will be lost');
  await expect(page.getByLabel('Instructions', { exact: true })).toHaveValue('Owner wording: be warm.');
  await expectClean(page);
  await shoot(page, testInfo, 'conflict');
  await conflict.getByRole('button', { name: 'Reload the latest draft' }).click();
  await expect(page.getByLabel('Instructions', { exact: true })).toHaveValue('Admin wording: be brief.');
  await expect(conflict).toHaveCount(0);
  await expect(page.getByLabel('Use order_status', { exact: true })).toBeChecked();

  // Publish: version 1, listed, and the agent list says it is live.
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Version 1 published.' })).toBeVisible();
  const versions = page.getByRole('list', { name: 'Versions' });
  await expect(versions.getByRole('listitem')).toHaveCount(1);
  await expect(versions).toContainText('Version 1');
  await expect(page.getByText('version 1 is live')).toBeVisible();
  await expect(page.getByTestId('readiness')).toHaveText('Ready: this draft can be published. Version 1 answers until then.');
  await expectClean(page);
  await shoot(page, testInfo, 'published');

  await page.getByRole('link', { name: 'All agents' }).click();
  await expect(page.getByRole('row', { name: /Shop helper/ })).toContainText('Version 1');
});

test('an owner issues a publishable key once and revokes it', async ({ page }) => {
  await signInAt(page, '/agents/keys', owner);
  await expect(page.getByRole('heading', { level: 1, name: 'Agent API keys' })).toBeVisible();
  await page.getByRole('button', { name: 'New key' }).click();
  await page.getByLabel('Publishable key', { exact: true }).check();
  await page.getByLabel('Name', { exact: true }).fill('Website');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'A publishable key needs at least one allowed origin' })).toBeVisible();
  await page.getByLabel('Allowed website addresses', { exact: true }).fill('https://shop.example');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByTestId('agent-key-secret')).toHaveText(/^agpk_live_/);
  await page.getByRole('button', { name: 'I stored it' }).click();
  await expect(page.getByTestId('agent-key-secret')).toHaveCount(0);
  const row = page.getByRole('row', { name: /Website/ });
  await expect(row).toContainText('https://shop.example');
  await expectClean(page);
  await row.getByRole('button', { name: 'Revoke Website' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
});

test('an owner rolls a secret key: the new one answers, the old one is refused', async ({ page, request }) => {
  await signInAt(page, '/agents/keys', owner);
  await page.getByRole('button', { name: 'New key' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Order server');
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByTestId('agent-key-secret');
  await expect(shown).toHaveText(/^agk_live_/);
  const first = (await shown.textContent())!;
  await page.getByRole('button', { name: 'I stored it' }).click();
  const rows = page.getByRole('row', { name: /Order server/ });
  await rows.getByRole('button', { name: 'Roll Order server' }).click();
  await expect(shown).toHaveText(/^agk_live_/);
  const second = (await shown.textContent())!;
  expect(second).not.toBe(first);
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Revoked' })).toHaveCount(1);
  const call = (key: string) => request.get('/agent/v1/agents', { headers: { authorization: `Bearer ${key}` } });
  expect((await call(second)).status()).toBe(200);
  expect((await call(first)).status()).toBe(401);
});

test('a marketer reads agents but cannot change them', async ({ page }) => {
  await signInAt(page, '/agents', marketer);
  await expect(page.getByText('Your role can read agents but not change them.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New agent' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Returns desk' }).click();
  await expect(page.getByText('Your role can read this agent but not change it.')).toBeVisible();
  await expect(page.getByLabel('Instructions', { exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
  await page.goto('/agents/keys');
  await expect(page.getByText('Only owners and admins manage agent API keys.')).toBeVisible();
});

test('an archived agent says so and claims neither a live version nor readiness', async ({ page }) => {
  // Published (version 1), then archived.
  const retired = await createPublishedAgent(project.id, { instructions: 'Retired.', model: { id: 'sim/steady' } });
  await db.agent.update({ where: { id: retired.id }, data: { name: 'Old desk', status: 'archived', archivedAt: new Date() } });
  await signInAt(page, `/agents/${retired.id}`, owner);
  await expect(page.getByRole('heading', { level: 2, name: 'Old desk' })).toBeVisible();
  await expect(page.getByText(/ · archived$/)).toBeVisible();
  await expect(page.getByText(/is live/)).toHaveCount(0);
  await expect(page.getByTestId('readiness')).toHaveCount(0);
});

test('a variable browsers may set: saved with the draft, never on a secret, and a secret takes no default', async ({ page }) => {
  const desk = await createAgent(project.id, { name: 'Variables desk', config: agentConfigSchema.parse({ model: { id: 'sim/steady' } }) });
  await page.setViewportSize(viewports.desktop);
  await signInAt(page, `/agents/${desk.id}`, owner);
  await page.getByRole('button', { name: 'Add a variable' }).click();
  const variable = page.getByRole('group', { name: /^Variable 1/ });
  await variable.getByLabel('Name', { exact: true }).fill('customer_tier');
  const browserSettable = variable.getByRole('checkbox', { name: /^Browsers may set it/ });
  await browserSettable.check();
  // A secret is never browser-settable and has no default.
  await variable.getByRole('checkbox', { name: /^Secret/ }).check();
  await expect(browserSettable).toBeDisabled();
  await expect(browserSettable).not.toBeChecked();
  await expect(variable.getByLabel(/^Default value/)).toHaveCount(0);
  await variable.getByRole('checkbox', { name: /^Secret/ }).uncheck();
  await browserSettable.check();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  const saved = await db.agent.findUniqueOrThrow({ where: { id: desk.id } });
  expect((saved.draftConfig as { variables: unknown[] }).variables).toEqual([
    expect.objectContaining({ name: 'customer_tier', secret: false, browser_settable: true }),
  ]);
});

test('a paused project is a readiness blocker an owner fixes from the builder', async ({ page }) => {
  await setProjectAiPaused(org.id, project.id, true);
  await signInAt(page, `/agents/${returnsDesk.id}`, owner);
  const readiness = page.getByTestId('readiness');
  await expect(readiness).toContainText('AI is paused for this project.');
  await readiness.getByRole('button', { name: 'Resume AI for this project' }).click();
  await expect(readiness).not.toContainText('AI is paused for this project.');
  expect((await db.agentProject.findUniqueOrThrow({ where: { id: project.id } })).aiPaused).toBe(false);
});

test.describe('in Arabic, on a phone', () => {
  test.use({ locale: 'ar-SA', viewport: viewports.phone });

  test('the builder reads right to left, fits the screen and passes axe', async ({ page }, testInfo) => {
    await signInAt(page, `/agents/${returnsDesk.id}`, owner);
    await expect(page.getByRole('heading', { level: 1, name: 'منشئ الوكيل' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByLabel('الرد عند التحويل (بالعربية)', { exact: true })).toHaveValue('سيرد عليك زميل.');
    await expectClean(page);
    await shoot(page, testInfo, 'builder-phone-ar');

    await page.getByLabel('التعليمات', { exact: true }).fill('ساعد العملاء في المرتجعات.');
    await page.getByRole('button', { name: 'حفظ المسودة' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'حُفظت المسودة.' })).toBeVisible();

    await page.getByRole('link', { name: 'مفاتيح المزوّدين' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'مفاتيح المزوّدين' })).toBeVisible();
    await expectClean(page);
    await shoot(page, testInfo, 'credentials-phone-ar');

    await page.goto('/agents');
    await expect(page.getByRole('link', { name: 'Returns desk' })).toBeVisible();
    await expectClean(page);
    await shoot(page, testInfo, 'list-phone-ar');
  });
});
