import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { db } from '@/server/db';
import { closeRedis } from '@/server/redis';
import { createOrg, createUser, deleteOrgs, type CreatedUser } from '@/tests/factories';
import { createAgent, createAgentKey, createAgentProject, createCredential, simKey } from '@/tests/agent-factories';
import { createConnectedAccount } from '@/tests/platform-factories';
import { appUrl } from '@/tests/support/stack';
import { seriousAxeViolations } from './support/axe';
import { expectNoHorizontalScroll, viewports } from './support/layout';
import { signInAt } from './support/sign-in';

/**
 * One inbox for every channel (docs/agent-api.md §2.6): a website visitor asks the widget for a
 * person; the AI hands over and the widget says they are waiting; nobody answers within the
 * agent's (here tiny) wait, so the widget asks for an email, which the visitor leaves. A staff
 * member sees the conversation under "Needs human" with the Website badge and the email, answers
 * from the inbox, and the visitor sees the answer live. English at 1440 px, Arabic at 390 px.
 */
let site: Server;
let siteOrigin: string;
let publishable: string;
let orgId: string;
let staff: CreatedUser;

test.beforeAll(async () => {
  site = createServer((req, res) => {
    const lang = new URL(req.url ?? '/', 'http://x').searchParams.get('lang') === 'ar' ? 'ar' : 'en';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><title>Shop</title></head>
<body><main><h1>Shop</h1></main><script src="${appUrl}/widget/v1/widget.js" data-key="${publishable}" data-language="${lang}" async></script></body></html>`,
    );
  });
  siteOrigin = await new Promise<string>((resolve) =>
    site.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(site.address() as AddressInfo).port}`)),
  );
  orgId = (await createOrg({ name: 'Website Co' })).id;
  await createConnectedAccount(orgId, { name: 'main' });
  staff = await createUser({ name: 'Wafa Web', memberships: [{ orgId, role: 'agent' }] });
  const projectId = (await createAgentProject(orgId)).id;
  await createCredential(projectId, { provider: 'openai', api_key: simKey() });
  await createAgent(projectId, {
    model: { id: 'sim/steady' },
    tools: { builtin: ['handoff'] },
    channels: { widget: { enabled: true, ask_email_after_seconds: 2 } },
  });
  publishable = (await createAgentKey(projectId, { type: 'publishable', allowedOrigins: [siteOrigin] })).key;
});

test.afterAll(async () => {
  site?.close();
  await db.user.deleteMany({ where: { id: staff.id } });
  await deleteOrgs([orgId]);
  await db.$disconnect();
  closeRedis();
});

const widget = (page: Page) => page.locator('#agent-widget');

// Two browsers (the visitor's and the team's), a model run and the wait before the email prompt:
// about 30 s alone, more on a busy machine.
test.describe.configure({ timeout: 120_000 });

const cases = [
  {
    lang: 'en',
    locale: 'en-US',
    viewport: viewports.desktop,
    width: 1440,
    ask: 'Can I talk to a person please?',
    waiting: 'You are in the queue',
    askEmail: 'Leave your email',
    invalid: 'Please enter a valid email address.',
    send: 'Send',
    email: 'sara.en@example.com',
    needsHuman: 'Needs human',
    everyone: 'Everyone',
    show: 'Show',
    website: 'Website',
    reply: 'Hi Sara, Wafa here: your order ships today.',
    replyLabel: 'Reply',
  },
  {
    lang: 'ar',
    locale: 'ar-SA',
    viewport: viewports.phone,
    width: 390,
    ask: 'أريد التحدث إلى موظف من فضلك',
    waiting: 'أنت في قائمة الانتظار',
    askEmail: 'اترك بريدك الإلكتروني',
    invalid: 'يرجى إدخال عنوان بريد إلكتروني صحيح.',
    send: 'إرسال',
    email: 'sara.ar@example.com',
    needsHuman: 'تحتاج إلى موظف',
    everyone: 'الجميع',
    show: 'عرض',
    website: 'الموقع',
    reply: 'أهلًا سارة، معك وفاء: سيُشحن طلبك اليوم.',
    replyLabel: 'الرد',
  },
] as const;

for (const c of cases) {
  test(`a website visitor asks for a person, leaves an email and gets the team's answer live (${c.lang} ${c.width})`, async ({ browser }) => {
    // The visitor, on the shop's site.
    const visitorContext = await browser.newContext({ locale: c.locale, viewport: c.viewport });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${siteOrigin}/?lang=${c.lang}`);
    await widget(visitor).locator('button.launcher').click();
    await widget(visitor).locator('textarea').fill(c.ask);
    await widget(visitor).locator('textarea').press('Enter');
    await expect(widget(visitor).locator('[data-waiting]')).toContainText(c.waiting, { timeout: 15_000 });

    // Nobody answers within the wait: the widget asks for an email, checks it, stores it.
    const prompt = widget(visitor).locator('[data-email-prompt]');
    await expect(prompt).toContainText(c.askEmail, { timeout: 10_000 });
    await prompt.getByRole('textbox').fill('not-an-email');
    await prompt.getByRole('button', { name: c.send }).click();
    await expect(prompt).toContainText(c.invalid);
    await prompt.getByRole('textbox').fill(c.email);
    await prompt.getByRole('button', { name: c.send }).click();
    await expect(widget(visitor).locator('[data-email-saved]')).toContainText(c.email);
    const { violations } = await new AxeBuilder({ page: visitor }).include('#agent-widget').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    // The team: the conversation is under "Needs human", with the Website badge and the email.
    const staffContext = await browser.newContext({ locale: c.locale, viewport: c.viewport });
    const inbox = await staffContext.newPage();
    await signInAt(inbox, '/inbox', staff);
    await inbox.getByRole('group', { name: c.show }).getByRole('button', { name: c.needsHuman }).click();
    const item = inbox.getByTestId('conversation').filter({ hasText: c.email });
    await expect(item).toBeVisible({ timeout: 15_000 });
    await expect(item.getByTestId('channel-badge')).toHaveText(c.website);
    await item.click();
    await expect(inbox.getByTestId('thread-title')).toHaveText(c.email);
    await expect(inbox.getByTestId('visitor-email')).toHaveText(c.email);
    await expect(inbox.getByTestId('message').filter({ hasText: c.ask })).toHaveAttribute('data-direction', 'incoming');

    const reply = inbox.getByRole('textbox', { name: c.replyLabel });
    await reply.fill(c.reply);
    await reply.press('Enter');
    await expect(inbox.getByTestId('message').filter({ hasText: c.reply })).toHaveAttribute('data-direction', 'outgoing');
    if (c.viewport === viewports.desktop) {
      // Everyone's conversations, of the website only: the visitor's, with its badge; the panel shows the email.
      await inbox.getByRole('group', { name: c.show }).getByRole('button', { name: c.everyone }).click();
      await inbox.getByTestId('channel-filter').selectOption('widget');
      await expect(inbox.getByTestId('conversation').filter({ hasText: c.email })).toBeVisible();
      await expect(inbox.getByTestId('contact-email')).toHaveText(c.email);
    }
    await expectNoHorizontalScroll(inbox);
    expect(await seriousAxeViolations(inbox)).toEqual([]);
    await inbox.mouse.move(0, 0);
    await inbox.screenshot({ path: `e2e/artifacts/widget-inbox-${c.lang}-${c.width}.png` });

    // The visitor sees it live; the waiting line is gone.
    await expect(widget(visitor).locator('.m.staff')).toContainText(c.reply, { timeout: 10_000 });
    await expect(widget(visitor).locator('[data-waiting]')).toHaveCount(0);
    await visitor.screenshot({ path: `e2e/artifacts/widget-inbox-widget-${c.lang}-${c.width}.png` });
    await staffContext.close();
    await visitorContext.close();
  });
}
