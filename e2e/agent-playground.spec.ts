import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { PLAYGROUND_DAILY_CONVERSATIONS, playgroundKey } from '@/server/agent/usage/ai-usage-limits';
import { db } from '@/server/db';
import { closeRedis, getRedis } from '@/server/redis';
import { createAgent, createAgentProject, createCredential } from '@/tests/agent-factories';
import { createOrg, createUser, type CreatedUser, deleteOrgs } from '@/tests/factories';
import { expectNoHorizontalScroll, viewports } from './support/layout';
import { signInAt } from './support/sign-in';

// The playground of the agent builder (issue 20): an editor changes the draft, tries it, sees a
// tool call and the reply stream in, meets a provider failure and the daily limit; in Arabic on a
// phone it reads right to left; members who may not edit agents read why they cannot try drafts.
let owner: CreatedUser;
let marketer: CreatedUser;
let supportAgent: CreatedUser;
let org: { id: string };
let project: { id: string };
let platformProject: { id: string };
let helper: { id: string };
let platformAgent: { id: string };
let ticketDesk: { id: string };

test.beforeAll(async () => {
  org = await createOrg({ name: `Playground Co ${Math.random().toString(36).slice(2, 8)}` });
  owner = await createUser({ name: 'Omar Owner', memberships: [{ orgId: org.id, role: 'owner' }] });
  marketer = await createUser({ name: 'Mona Marketer', memberships: [{ orgId: org.id, role: 'marketer' }] });
  supportAgent = await createUser({ name: 'Sami Support', memberships: [{ orgId: org.id, role: 'agent' }] });
  project = await createAgentProject(org.id, 'Support');
  await createCredential(project.id);
  helper = await createAgent(project.id, { instructions: 'Help shop customers.', model: { id: 'sim/steady' } }, { published: false });
  ticketDesk = await createAgent(
    project.id,
    { instructions: 'Open tickets.', model: { id: 'sim/steady' }, tools: { builtin: ['create_ticket'] } },
    { published: false },
  );
  platformProject = await createAgentProject(org.id, 'Trials');
  platformAgent = await createAgent(platformProject.id, { model: { id: 'platform/gpt-4.1-mini' } }, { published: false });
});

test.afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: [owner.id, marketer.id, supportAgent.id] } } });
  await deleteOrgs([org.id]);
  await db.$disconnect();
  closeRedis();
});

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.mouse.move(0, 0);
  const body = await page.screenshot({ path: `e2e/artifacts/agent-playground-${name}.png`, fullPage: true });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

async function expectClean(page: Page) {
  await expectNoHorizontalScroll(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** Signs in and opens the agent's builder in its project (the sign-in redirect keeps the path, not `?project=`). */
async function openBuilder(page: Page, agentId: string, projectId: string, user: CreatedUser) {
  await signInAt(page, `/agents/${agentId}`, user);
  await page.waitForURL((url) => url.pathname === `/agents/${agentId}`);
  await page.goto(`/agents/${agentId}?project=${projectId}`);
}

test('an owner edits the draft, tries it: a tool call, a streamed reply, a provider failure and a new conversation', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize(viewports.desktop);
  await openBuilder(page, helper.id, project.id, owner);
  const playground = page.getByRole('region', { name: 'Try it' });
  await expect(playground.getByTestId('playground-empty')).toBeVisible();

  // Edit the draft: unsaved changes are not what the playground answers with, so it says so.
  await page.getByLabel('Instructions', { exact: true }).fill('You open tickets for shop customers.');
  await page.getByLabel('Create a support ticket', { exact: true }).check();
  await expect(playground.getByTestId('playground-unsaved')).toBeVisible();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await expect(playground.getByTestId('playground-unsaved')).toHaveCount(0);

  // The AI simulator calls the tool the draft just gained; the call shows with its result, then the reply.
  const message = playground.getByLabel('Message', { exact: true });
  await message.fill('#call create_ticket {"subject": "Zipper broke on order 1234"}');
  await message.press('Enter');
  const reply = playground.getByTestId('playground-reply').last();
  const call = reply.getByTestId('playground-tool-call');
  await expect(call).toContainText('create_ticket');
  await expect(call).toContainText('Succeeded');
  await expect(reply.getByTestId('playground-reply-text')).toContainText('Tool create_ticket returned:');
  await expect(reply.getByTestId('playground-run-usage')).toContainText('sim/steady');
  await expect(reply.getByTestId('playground-run-usage')).toContainText('tokens in');
  const ticket = await db.agentTicket.findFirst({ where: { projectId: project.id }, orderBy: { createdAt: 'desc' } });
  expect(ticket?.subject).toBe('Zipper broke on order 1234');
  // Focus is back in the message box for the next line; the call opens from the keyboard to show its arguments and result.
  await expect(message).toBeFocused();
  await call.getByText('create_ticket').focus();
  await page.keyboard.press('Enter');
  await expect(call).toContainText('"subject": "Zipper broke on order 1234"');
  await expect(call.getByTestId('playground-tool-output')).toContainText('tkt_');

  // Token by token: the reply is on screen while the run still streams, then complete.
  await message.fill('Tell me more [[sim:tokens=30]] [[sim:token_ms=120]]');
  await playground.getByRole('button', { name: 'Send' }).click();
  const streaming = playground.getByTestId('playground-reply').last();
  await expect(streaming).toHaveAttribute('aria-busy', 'true');
  await expect(streaming.getByTestId('playground-reply-text')).toContainText('w3');
  await expect(streaming.getByTestId('playground-reply-text')).not.toContainText('w30');
  await expect(playground.getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(streaming.getByTestId('playground-reply-text')).toContainText('w30', { timeout: 20_000 });
  await expect(streaming).toHaveAttribute('aria-busy', 'false');
  await expect(playground.getByTestId('playground-user')).toHaveCount(2);

  // A provider failure is the run's error, in plain words; the conversation goes on.
  await message.fill('Please fail [[sim:bad_request]]');
  await message.press('Enter');
  await expect(playground.getByTestId('playground-run-error')).toHaveText('The AI provider refused the request. Check the model settings.');
  await expectClean(page);
  await shoot(page, testInfo, 'desktop-en');

  // A new conversation is a new session.
  const sessionsBefore = await db.agentSession.count({ where: { agentId: helper.id, channel: 'playground', version: 'draft' } });
  expect(sessionsBefore).toBe(1);
  await playground.getByRole('button', { name: 'New conversation' }).click();
  await expect(playground.getByTestId('playground-empty')).toBeVisible();
  await message.fill('Hello again');
  await message.press('Enter');
  await expect(playground.getByTestId('playground-reply-text')).toContainText('Hello again');
  expect(await db.agentSession.count({ where: { agentId: helper.id, channel: 'playground', version: 'draft' } })).toBe(2);
});

test('the daily playground limit on platform models is said in plain words with when it resets', async ({ page }) => {
  await getRedis().set(playgroundKey(platformProject.id), PLAYGROUND_DAILY_CONVERSATIONS);
  await openBuilder(page, platformAgent.id, platformProject.id, owner);
  const playground = page.getByRole('region', { name: 'Try it' });
  const message = playground.getByLabel('Message', { exact: true });
  await message.fill('Hello');
  await message.press('Enter');
  const problem = playground.getByTestId('playground-problem');
  await expect(problem).toContainText('This project used today’s 50 test conversations on platform-provided models.');
  await expect(problem).toContainText(/More are available from .*12:00\s?AM UTC/);
  // The refused message is given back to send later.
  await expect(message).toHaveValue('Hello');
  await expect(playground.getByTestId('playground-user')).toHaveCount(0);
});

for (const [role, who] of [
  ['marketer', () => marketer],
  ['agent', () => supportAgent],
] as const) {
  test(`a ${role} reads why the draft cannot be tried instead of the playground`, async ({ page }) => {
    await openBuilder(page, helper.id, project.id, who());
    const playground = page.getByRole('region', { name: 'Try it' });
    await expect(playground.getByTestId('playground-unavailable')).toHaveText(/Only owners and admins can try the draft/);
    await expect(playground.getByLabel('Message', { exact: true })).toHaveCount(0);
  });
}

test.describe('in Arabic, on a phone', () => {
  test.use({ locale: 'ar-SA', viewport: viewports.phone });

  test('the playground reads right to left, wraps long text, shows a tool that ran and one that failed, and passes axe', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await openBuilder(page, ticketDesk.id, project.id, owner);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const playground = page.getByRole('region', { name: 'جرّبه' });
    await expect(playground.getByTestId('playground-empty')).toBeVisible();
    await expectClean(page);

    // One round of two calls: the ticket opens; search_knowledge is not among this draft's tools, so it fails.
    const long = 'ا'.repeat(240);
    const message = playground.getByLabel('الرسالة', { exact: true });
    await message.fill(
      `انكسر السحاب ${long}\n#call create_ticket {"subject": "سحاب مكسور", "description": "${long}"}\n#call search_knowledge {"query": "الإرجاع"}`,
    );
    await playground.getByRole('button', { name: 'إرسال' }).click();
    const reply = playground.getByTestId('playground-reply').last();
    await expect(reply).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
    const ticket = reply.getByTestId('playground-tool-call').filter({ hasText: 'create_ticket' });
    const search = reply.getByTestId('playground-tool-call').filter({ hasText: 'search_knowledge' });
    await expect(ticket).toContainText('نجحت');
    await expect(search).toContainText('فشلت');
    await ticket.getByText('create_ticket').click();
    await search.getByText('search_knowledge').click();
    await expect(ticket.getByTestId('playground-tool-output')).toContainText('tkt_');
    await expect(search.getByTestId('playground-tool-output')).toContainText('unknown_tool');
    await expect(reply.getByTestId('playground-reply-text')).toContainText('أعادت الأداة create_ticket');
    await expect(reply.getByTestId('playground-run-usage')).toContainText('sim/steady');
    await expectClean(page);
    await playground.scrollIntoViewIfNeeded();
    await shoot(page, testInfo, 'phone-ar');
  });

  test('a marketer reads the explanation in Arabic', async ({ page }) => {
    await openBuilder(page, helper.id, project.id, marketer);
    const playground = page.getByRole('region', { name: 'جرّبه' });
    await expect(playground.getByTestId('playground-unavailable')).toContainText('يستطيع المالكون والمسؤولون وحدهم تجربة المسودة');
    await expectClean(page);
  });
});

// A 2,000-character unbroken line, sent and echoed back by the AI simulator, wraps inside the
// playground at every size and in both languages: the page never scrolls sideways.
for (const [size, viewport] of Object.entries(viewports)) {
  for (const locale of ['en-US', 'ar-SA']) {
    test(`a 2,000-character unbroken message wraps in the playground (${size}, ${locale})`, async ({ browser }, testInfo) => {
      const context = await browser.newContext({ locale, viewport });
      const page = await context.newPage();
      await openBuilder(page, helper.id, project.id, owner);
      const unbroken = 'x'.repeat(2_000);
      const message = page.locator('textarea[maxlength]').last();
      await message.fill(unbroken);
      await message.press('Enter');
      const reply = page.getByTestId('playground-reply').last();
      await expect(reply.getByTestId('playground-reply-text')).toContainText(unbroken, { timeout: 20_000 });
      await expect(reply).toHaveAttribute('aria-busy', 'false');
      await expectNoHorizontalScroll(page);
      await page.getByTestId('playground-user').last().scrollIntoViewIfNeeded();
      await page.mouse.move(0, 0);
      const body = await page.screenshot({ path: `e2e/artifacts/agent-playground-long-${size}-${locale}.png` });
      await testInfo.attach(`long-${size}-${locale}`, { body, contentType: 'image/png' });
      await context.close();
    });
  }
}
