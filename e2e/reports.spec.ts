import { expect, test, type Page } from '@playwright/test';
import { db, type MessageStatus, type Prisma } from '@/server/db';
import { newId } from '@/server/db/ids';
import { createOrg, createUser, deleteOrgs, type CreatedUser } from '@/tests/factories';
import { createConnectedAccount } from '@/tests/platform-factories';
import { randomPhone } from '@/tests/support/stack';
import { seriousAxeViolations } from './support/axe';
import { expectNoHorizontalScroll, viewports } from './support/layout';
import { signInAt } from './support/sign-in';

// A manager's reports over a month of made-up but realistic activity on two numbers: messages
// each day, template sends with their delivery and reads, conversations two agents answered and
// resolved. In English and Arabic, laptop and phone, axe-clean, with screenshots; and an
// organization with nothing yet shows empty states rather than empty charts.
const DAY = 86_400_000;
let manager: CreatedUser;
let newcomer: CreatedUser;
let orgId: string;
let emptyOrgId: string;
const agentIds: string[] = [];

test.beforeAll(async () => {
  orgId = (await createOrg({ name: `Reports Co ${Math.random().toString(36).slice(2, 8)}` })).id;
  emptyOrgId = (await createOrg({ name: `Quiet Co ${Math.random().toString(36).slice(2, 8)}` })).id;
  manager = await createUser({ name: 'Maya Manager', memberships: [{ orgId, role: 'owner' }] });
  newcomer = await createUser({ name: 'Nora New', memberships: [{ orgId: emptyOrgId, role: 'owner' }] });
  for (const name of ['Amal Agent', 'Bilal Agent']) {
    agentIds.push((await createUser({ name, memberships: [{ orgId, role: 'agent' }] })).id);
  }
  const sales = await createConnectedAccount(orgId, { name: 'sales' });
  const care = await createConnectedAccount(orgId, { name: 'care', isDefaultOutgoing: false });
  const template = await db.template.create({
    data: {
      id: newId('template'),
      orgId,
      accountId: sales.id,
      platformTemplateId: `pt-${newId('template')}`,
      name: 'spring_sale',
      language: 'en',
      category: 'MARKETING',
      status: 'APPROVED',
      parameterFormat: 'NAMED',
      body: { text: 'Sale', variables: [] },
      components: [],
    },
  });
  const contacts = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      db.contact.create({ data: { id: newId('contact'), orgId, accountId: i % 3 ? sales.id : care.id, phoneNumber: randomPhone() } }),
    ),
  );
  const now = Date.now();
  const messages: Prisma.MessageCreateManyInput[] = [];
  const statuses: MessageStatus[] = ['read', 'read', 'delivered', 'read', 'sent', 'failed', 'read', 'delivered'];
  for (let day = 0; day < 30; day += 1) {
    const base = now - day * DAY - 3600_000;
    for (let i = 0; i < 3 + ((day * 7) % 5); i += 1) {
      const contact = contacts[(day + i) % contacts.length]!;
      const status = statuses[(day + i) % statuses.length]!;
      const at = new Date(base - i * 60_000);
      messages.push({
        id: newId('message'),
        orgId,
        contactId: contact.id,
        accountId: contact.accountId!,
        direction: 'outgoing',
        type: i % 2 ? 'text' : 'template',
        templateId: i % 2 ? null : template.id,
        status,
        createdAt: at,
        sentAt: status === 'failed' ? null : at,
        deliveredAt: status === 'delivered' || status === 'read' ? at : null,
        readAt: status === 'read' ? at : null,
      });
      messages.push({
        id: newId('message'),
        orgId,
        contactId: contact.id,
        accountId: contact.accountId!,
        direction: 'incoming',
        type: 'text',
        status: 'delivered',
        createdAt: at,
      });
    }
  }
  await db.message.createMany({ data: messages });
  const periods: Prisma.ConversationPeriodCreateManyInput[] = [];
  for (let day = 0; day < 30; day += 2) {
    const contact = contacts[day % contacts.length]!;
    const opened = new Date(now - day * DAY - 5 * 3600_000);
    const agent = agentIds[day % 4 === 0 ? 0 : 1]!;
    const resolved = day > 0;
    periods.push({
      id: newId('conversationPeriod'),
      orgId,
      contactId: contact.id,
      openContactId: resolved ? null : contact.id,
      openedAt: opened,
      firstResponseAt: new Date(opened.getTime() + (2 + day) * 60_000),
      firstResponderId: agent,
      resolvedAt: resolved ? new Date(opened.getTime() + (1 + day / 4) * 3600_000) : null,
      resolvedById: resolved ? agent : null,
    });
  }
  await db.conversationPeriod.createMany({ data: periods });
});

test.afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: [manager.id, newcomer.id, ...agentIds] } } });
  await deleteOrgs([orgId, emptyOrgId]);
  await db.$disconnect();
});

const words = {
  en: {
    heading: 'Reports',
    messages: 'Messages sent and received per day',
    conversations: 'Conversations opened and resolved per day',
    handled: 'Conversations handled by people and by AI',
    axes: ['Day', 'Messages'],
    noAi: /No AI conversations yet/,
    week: 'Last 7 days',
  },
  ar: {
    heading: 'التقارير',
    messages: 'الرسائل المرسلة والمستلمة يوميًا',
    conversations: 'المحادثات المفتوحة والمحلولة يوميًا',
    handled: 'المحادثات التي تولاها الموظفون والذكاء الاصطناعي',
    axes: ['اليوم', 'الرسائل'],
    noAi: /لا محادثات للذكاء الاصطناعي بعد/,
    week: 'آخر 7 أيام',
  },
};

async function expectReports(page: Page, language: 'en' | 'ar') {
  const w = words[language];
  await expect(page.getByRole('heading', { level: 1, name: w.heading })).toBeVisible();
  const messages = page.getByRole('figure', { name: w.messages });
  await expect(messages).toBeVisible({ timeout: 15_000 });
  await expect(messages.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(messages.locator('.recharts-label', { hasText: w.axes[0] })).toBeVisible();
  await expect(messages.locator('.recharts-label', { hasText: w.axes[1] })).toBeVisible();
  await expect(messages.getByTestId('chart-legend').getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('figure', { name: w.conversations }).locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByRole('figure', { name: w.handled }).getByTestId('chart-legend').getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('no-ai')).toHaveText(w.noAi);
  await expect(page.getByTestId('rates-accounts').getByRole('row', { name: /sales/ })).toBeVisible();
  await expect(page.getByTestId('rates-accounts').getByRole('row', { name: /care/ })).toBeVisible();
  await expect(page.getByTestId('rates-templates').getByRole('row', { name: /spring_sale/ })).toBeVisible();
  await expect(page.getByTestId('agent-times').getByRole('row', { name: /Amal Agent/ })).toBeVisible();
  await expect(page.getByTestId('agent-times').getByRole('row', { name: /Bilal Agent/ })).toBeVisible();
}

async function check(page: Page, name: string) {
  await expectNoHorizontalScroll(page);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `e2e/artifacts/reports-${name}.png`, fullPage: true });
  expect(await seriousAxeViolations(page), name).toEqual([]);
}

for (const [size, viewport] of Object.entries(viewports)) {
  test(`a manager reads the reports at ${size}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAt(page, '/reports', manager);
    await expectReports(page, 'en');
    await check(page, size);

    // A bar's tooltip: the day and both counts, readable (axe checks its contrast too).
    const chart = page.getByRole('figure', { name: words.en.messages });
    await chart.locator('.recharts-bar-rectangle').last().hover();
    await expect(chart.locator('.recharts-tooltip-wrapper')).toContainText('Received');
    expect(await seriousAxeViolations(page), `${size} with a tooltip`).toEqual([]);

    // The last 7 days: 7 bars' days on the axis, and the week's numbers.
    await page.getByText(words.en.week).click();
    await expect(page.getByRole('radio', { name: words.en.week })).toBeChecked();
    await expect(page.getByRole('figure', { name: words.en.messages }).locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expect(page.getByTestId('agent-times').getByRole('row', { name: /Amal Agent/ })).toBeVisible();
  });
}

test('an organization with no activity sees empty states, not empty charts', async ({ page }) => {
  await signInAt(page, '/reports', newcomer);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByText('No messages were sent or received in this period.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('No messages were sent in this period.')).toBeVisible();
  await expect(page.getByText('No agent replied to or resolved a conversation in this period.')).toBeVisible();
  await expect(page.getByTestId('report-empty')).toHaveCount(5);
  await expect(page.getByTestId('no-ai')).toBeVisible();
  await expect(page.getByRole('figure')).toHaveCount(0);
  await check(page, 'empty');
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar-SA' });

  for (const [size, viewport] of Object.entries(viewports)) {
    test(`a manager reads the reports at ${size} in Arabic`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signInAt(page, '/reports', manager);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expectReports(page, 'ar');
      await check(page, `${size}-ar`);
    });
  }
});
