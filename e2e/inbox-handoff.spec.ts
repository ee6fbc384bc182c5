import { expect, test, type Page } from '@playwright/test';
import { db } from '@/server/db';
import type { CreatedUser } from '@/tests/factories';
import { createAgent, createAgentProject, createCredential, openHandoffFor, simKey } from '@/tests/agent-factories';
import { randomPhone, simulator } from '@/tests/support/stack';
import { waitFor } from '@/tests/support/wait-for';
import { seriousAxeViolations } from './support/axe';
import { createInboxTeam, type InboxTeam } from './support/inbox-team';
import { expectNoHorizontalScroll, expectReachable, viewports } from './support/layout';
import { signInAt } from './support/sign-in';

/**
 * A conversation the AI handed over (docs/agent-api.md §2.6): it appears under "Needs human"
 * live, the agent claims it ("Assign to me"), answers in the composer and resolves the
 * conversation, which ends the handoff, after which the AI answers the customer's next message,
 * live in the thread. The thread says who did what (docs/architecture.md, "Conversation state")
 * and whose the reply is. The same in Arabic on a phone, with a long summary.
 */
let team: InboxTeam;
let agent: CreatedUser;
let projectId: string;
let agentId: string;

test.beforeAll(async () => {
  team = await createInboxTeam('Handoff Co', ['Hana Human']);
  agent = team.agents[0]!;
  projectId = (await createAgentProject(team.org.id)).id;
  await createCredential(projectId, { provider: 'openai', api_key: simKey() });
  agentId = (
    await createAgent(projectId, {
      model: { id: 'sim/steady' },
      tools: { builtin: ['handoff'] },
      channels: { whatsapp: { accounts: [team.account.id], coalesce_ms: 0 } },
    })
  ).id;
});

test.afterAll(() => team.cleanUp());

/** A customer writes in and the AI, bound to the account, answers them: the bot hook makes their session. */
async function customerWithSession(name: string, text: string) {
  const phone = randomPhone();
  await simulator('/_sim/inbound', { phone_id: team.account.phoneId, from: phone, text, name });
  const contact = await waitFor('the customer stored', () => db.contact.findFirst({ where: { orgId: team.org.id, phoneNumber: phone } }));
  const session = await waitFor('the AI session', () =>
    db.agentSession.findFirst({ where: { projectId, agentId, externalId: `wa:${contact.id}` } }),
  );
  await waitFor('the AI answer', () => db.message.findFirst({ where: { contactId: contact.id, authorType: 'bot' } }));
  return { session, phone };
}

async function signIn(page: Page) {
  await signInAt(page, '/signin?callbackUrl=%2Finbox', agent);
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'live');
}

const conversation = (page: Page, name: string) => page.getByTestId('conversation').filter({ hasText: name });

const english = {
  needsHuman: 'Needs human',
  show: 'Show',
  assignToMe: 'Assign to me',
  resolve: 'Resolve',
  reply: 'Reply',
  headingOpen: 'Needs a human',
  headingMine: 'you have it',
  aiNext: "The AI answers this customer's next message.",
  handedOver: 'The AI handed the conversation to the team',
  took: 'Hana Human took the conversation',
  resolved: 'Hana Human resolved the conversation',
  reopened: 'The customer wrote again',
};
const arabic = {
  needsHuman: 'تحتاج إلى موظف',
  show: 'عرض',
  assignToMe: 'إسناد إليّ',
  resolve: 'حل',
  reply: 'الرد',
  headingOpen: 'تحتاج إلى موظف',
  headingMine: 'المحادثة لديك',
  aiNext: 'سيرد الذكاء الاصطناعي على رسالة العميل التالية.',
  handedOver: 'حوّل الذكاء الاصطناعي المحادثة إلى الفريق',
  took: 'تولّى Hana Human المحادثة',
  resolved: 'حلّ Hana Human المحادثة',
  reopened: 'كتب العميل من جديد',
};

const cases = [
  {
    name: 'English at 1440×900',
    locale: 'en-US',
    viewport: viewports.desktop,
    words: english,
    customer: { name: 'Hugo Handoff', text: 'Hello, my order 1042 arrived damaged.', after: 'Thanks! And when do you open tomorrow?' },
    // The simulator's reason code, shown in words.
    reason: 'customer_requested',
    reasonWords: 'the customer asked for a person',
    summary: 'The customer wants a refund for order 1042, delivered damaged. They sent a photo and asked for a person.',
    reply: 'Hi Hugo, I am sorry about the damage: your refund is on its way.',
    screenshot: 'inbox-handoff-en-desktop',
  },
  {
    name: 'Arabic at 390×844',
    locale: 'ar-SA',
    viewport: viewports.phone,
    words: arabic,
    customer: { name: 'سارة المحمد', text: 'مرحبا، وصل طلبي رقم 2087 تالفًا.', after: 'شكرًا! ومتى تفتحون غدًا؟' },
    reason: 'طلب استرداد',
    reasonWords: 'طلب استرداد',
    // Long, and with an unbroken run, to prove the panel wraps and folds it instead of widening the page.
    summary: `${'تريد العميلة استرداد ثمن الطلب رقم 2087 لأنه وصل تالفًا، وأرسلت صورة وطلبت التحدث إلى موظف. '.repeat(6)}https://example.com/${'x'.repeat(120)}`,
    reply: 'أهلًا سارة، نعتذر عن التلف وسيصلك المبلغ خلال يومين.',
    screenshot: 'inbox-handoff-ar-phone',
  },
] as const;

for (const c of cases) {
  test(`a conversation needing a human: claim, reply, resolve (${c.name})`, async ({ browser }, testInfo) => {
    const context = await browser.newContext({ locale: c.locale, viewport: c.viewport });
    const page = await context.newPage();
    const w = c.words;
    const { session, phone } = await customerWithSession(c.customer.name, c.customer.text);
    await signIn(page);
    await page.getByRole('group', { name: w.show }).getByRole('button', { name: w.needsHuman }).click();
    await expect(conversation(page, c.customer.name)).toHaveCount(0);

    // The model hands it over while the inbox is open: it appears under "Needs human" without a reload.
    await openHandoffFor(session, { reason: c.reason, summary: c.summary });
    await expect(conversation(page, c.customer.name)).toBeVisible({ timeout: 15_000 });
    await conversation(page, c.customer.name).click();

    const panel = page.getByTestId('handoff-panel');
    await expect(panel).toHaveAttribute('data-status', 'open');
    await expect(panel.getByRole('heading')).toContainText(w.headingOpen);
    await expect(panel.getByTestId('handoff-reason')).toHaveText(c.reasonWords);
    const lines = page.getByTestId('conversation-event');
    await expect(lines.filter({ hasText: w.handedOver })).toContainText(c.reasonWords);
    await expect(panel.getByTestId('handoff-summary')).toContainText(c.summary.slice(0, 40));
    await expectNoHorizontalScroll(page);
    expect(await seriousAxeViolations(page), 'the thread with a handoff open').toEqual([]);
    await page.mouse.move(0, 0);
    await testInfo.attach(`${c.screenshot}-open`, {
      body: await page.screenshot({ path: `e2e/artifacts/${c.screenshot}-open.png` }),
      contentType: 'image/png',
    });

    // "Assign to me" from the keyboard: the conversation is the agent's, and leaves "Needs human".
    const assign = panel.getByRole('button', { name: w.assignToMe });
    await expectReachable(assign);
    await assign.focus();
    await page.keyboard.press('Enter');
    await expect(panel).toHaveAttribute('data-status', 'assigned');
    await expect(panel.getByRole('heading')).toContainText(w.headingMine);
    await expect
      .poll(async () => (await db.contact.findUniqueOrThrow({ where: { id: session.externalId!.slice(3) } })).assignedUserId)
      .toBe(agent.id);
    if (c.viewport === viewports.desktop) await expect(conversation(page, c.customer.name)).toHaveCount(0);

    // The agent answers in the composer, which the panel leaves within reach.
    const reply = page.getByRole('textbox', { name: w.reply });
    await expectReachable(reply);
    await reply.fill(c.reply);
    await reply.press('Enter');
    const sent = page.getByTestId('message').filter({ hasText: c.reply });
    await expect(sent).toHaveAttribute('data-direction', 'outgoing');
    await expect(sent.getByTestId('message-author')).toHaveText('Hana Human');
    await expect(lines.filter({ hasText: w.took })).toHaveCount(1);
    await expectNoHorizontalScroll(page);
    await page.mouse.move(0, 0);
    await testInfo.attach(`${c.screenshot}-assigned`, {
      body: await page.screenshot({ path: `e2e/artifacts/${c.screenshot}-assigned.png` }),
      contentType: 'image/png',
    });

    // The thread's one Resolve ends the handoff too: the session closes and the AI answers the customer's next message.
    await expect(panel.getByRole('button', { name: w.resolve, exact: true })).toHaveCount(0);
    await page.getByTestId('status-actions').getByRole('button', { name: w.resolve, exact: true }).click();
    await expect(panel).toHaveAttribute('data-state', 'ai');
    await expect(panel).toHaveText(new RegExp(w.aiNext.replace(/[.?]/g, '\\$&')));
    await expect.poll(async () => (await db.agentHandoff.findFirstOrThrow({ where: { sessionId: session.id } })).status).toBe('resolved');

    // The customer writes again: the AI answers, live in the thread, with its badge.
    const aiMessages = page.getByTestId('message').filter({ has: page.getByTestId('ai-badge') });
    const before = await aiMessages.count();
    await simulator('/_sim/inbound', { phone_id: team.account.phoneId, from: phone, text: c.customer.after, name: c.customer.name });
    await expect(page.locator('[data-testid="message"][data-direction="incoming"]').filter({ hasText: c.customer.after })).toBeVisible({
      timeout: 15_000,
    });
    await expect(aiMessages).toHaveCount(before + 1, { timeout: 15_000 });
    await expect(aiMessages.last()).toHaveAttribute('data-direction', 'outgoing');
    await expect(lines.filter({ hasText: w.resolved })).toHaveCount(1);
    await expect(lines.filter({ hasText: w.reopened })).toHaveCount(1);
    await page.mouse.move(0, 0);
    await testInfo.attach(`${c.screenshot}-ai-again`, {
      body: await page.screenshot({ path: `e2e/artifacts/${c.screenshot}-ai-again.png` }),
      contentType: 'image/png',
    });
    expect(await seriousAxeViolations(page), 'the thread after the handoff').toEqual([]);
    await context.close();
  });
}
