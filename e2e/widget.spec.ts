import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { db } from '@/server/db';
import { createUser } from '@/tests/factories';
import { createAgent, createAgentKey, createAgentTenant, createCredential, openHandoffFor } from '@/tests/agent-factories';
import { agent } from '@/tests/support/agent-api';
import { appUrl } from '@/tests/support/stack';
import { expectNoHorizontalScroll, expectTextFits, viewports } from './support/layout';

/**
 * The website widget on a customer's site (issue 20): a page on another origin embeds
 * `<script src="{app}/widget/v1/widget.js" data-key="agpk_live_…">`; a visitor chats in English
 * and in Arabic and sees the reply arrive token by token; a connection cut in the middle of a
 * reply (by a relay between the page and the app that drops it after the first token) is resumed
 * with Last-Event-ID and the reply arrives whole, once; a staff reply during a handoff appears
 * live with "A person has joined"; axe finds nothing serious in the widget.
 */
let site: Server;
let relay: Server;
let siteOrigin: string;
let relayUrl: string;
let publishable: string;
let secret: string;
let projectId: string;
let staffId: string;
/** Requests the relay passed on, and whether to cut the next streamed reply after its first token. */
const relayed: Array<{ method: string; path: string; lastEventId: string | undefined }> = [];
let cutNextReply = false;

const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

/** A relay to the app: every request passes; a reply stream marked to be cut is dropped right after its first `message.delta`. */
function relayTo(target: URL) {
  return createServer((req: IncomingMessage, res) => {
    const lastEventId = req.headers['last-event-id'];
    relayed.push({ method: req.method ?? '', path: req.url ?? '', lastEventId: Array.isArray(lastEventId) ? lastEventId[0] : lastEventId });
    const cut = cutNextReply && req.method === 'POST' && /\/agent\/v1\/sessions\/[^/]+\/messages$/.test(req.url ?? '');
    if (cut) cutNextReply = false;
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.on('data', (chunk: Buffer) => {
          res.write(chunk);
          if (cut && chunk.toString().includes('event: message.delta')) {
            answer.destroy();
            res.socket?.destroy();
          }
        });
        answer.on('end', () => res.end());
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
}

/** The customer's page: just the script tag, loaded from the app or through the relay. */
function sitePage(url: URL): string {
  const lang = url.searchParams.get('lang') === 'ar' ? 'ar' : 'en';
  const base = url.searchParams.get('via') === 'relay' ? relayUrl : appUrl;
  return `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><title>Shop</title>
<style>*{font-family:Georgia,serif!important}button{background:hotpink!important;border:4px dashed lime!important}</style></head>
<body><main><h1>${lang === 'ar' ? 'المتجر' : 'The shop'}</h1><p>Products.</p></main>
<script src="${base}/widget/v1/widget.js" data-key="${publishable}" data-language="${lang}" async></script></body></html>`;
}

test.beforeAll(async () => {
  site = createServer((req, res) => {
    const url = new URL(req.url ?? '/', siteOrigin);
    if (url.pathname !== '/') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(sitePage(url));
  });
  siteOrigin = `http://127.0.0.1:${await listen(site)}`;
  relay = relayTo(new URL(appUrl));
  relayUrl = `http://localhost:${await listen(relay)}`;

  const tenant = await createAgentTenant();
  projectId = tenant.project.id;
  secret = tenant.key;
  await createCredential(projectId);
  await createAgent(projectId, {
    model: { id: 'openai/gpt-4.1-mini' },
    channels: {
      widget: { enabled: true, greeting: { en: 'Hello! How can we help?', ar: 'أهلًا! كيف يمكننا مساعدتك؟' }, theme: { color: '#0b5cad' } },
    },
  });
  publishable = (await createAgentKey(projectId, { type: 'publishable', allowedOrigins: [siteOrigin] })).key;
  staffId = (await createUser({ name: 'Sam Staff', memberships: [{ orgId: tenant.org.id, role: 'owner' }] })).id;
});

test.afterAll(() => {
  site?.close();
  relay?.close();
});

const widget = (page: Page) => page.locator('#agent-widget');
const bubbles = (page: Page) => widget(page).locator('.m');
const lastReply = (page: Page): Locator => widget(page).locator('.m.assistant .t').last();
/** `[[sim:tokens=N]]` makes the simulated model answer exactly "w1 … wN"; token_ms paces it. */
const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(' ');

async function openWidget(page: Page, query: string) {
  await page.goto(`${siteOrigin}/?${query}`);
  const launcher = widget(page).locator('button.launcher');
  await expect(launcher).toBeVisible();
  await launcher.click();
  await expect(widget(page).locator('textarea')).toBeFocused();
}

async function send(page: Page, text: string) {
  await widget(page).locator('textarea').fill(text);
  await widget(page).locator('textarea').press('Enter');
}

async function widgetAxe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('#agent-widget').analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

test('English: a streamed reply, keyboard and screen-reader basics, a staff reply during a handoff', async ({ page }) => {
  await openWidget(page, 'lang=en');
  const panel = widget(page).getByRole('dialog');
  await expect(panel).toHaveAttribute('aria-labelledby', 'agent-widget-title');
  await expect(widget(page).locator('.w')).toHaveAttribute('dir', 'ltr');
  await expect(bubbles(page).first()).toContainText('Hello! How can we help?');
  await expect(widget(page).getByRole('log')).toHaveAttribute('aria-live', 'polite');
  await expect(widget(page).getByLabel('Message')).toBeVisible();
  // The page's hostile styles do not reach the widget.
  expect(
    await widget(page)
      .getByRole('button', { name: 'Send' })
      .evaluate((b) => getComputedStyle(b).borderStyle),
  ).not.toBe('dashed');

  await send(page, 'Tell me about your delivery times [[sim:tokens=30]] [[sim:token_ms=80]]');
  await expect(widget(page).locator('.m.user')).toContainText('Tell me about your delivery times');
  // Token by token: a part of the reply shows before the whole.
  await expect(lastReply(page)).toContainText('w3');
  expect(await lastReply(page).textContent()).not.toContain('w30');
  await expect(lastReply(page)).toHaveText(words(30));
  await expect(widget(page).locator('.m.assistant[aria-busy=true]')).toHaveCount(0);
  expect(await widgetAxe(page)).toEqual([]);
  await page.screenshot({ path: 'e2e/artifacts/widget-en.png' });

  // A person takes over: their reply appears live, after "A person has joined".
  const session = await db.agentSession.findFirstOrThrow({ where: { projectId, channel: 'widget' }, orderBy: { createdAt: 'desc' } });
  const handoff = await openHandoffFor(session, { reason: 'customer asked for a person' });
  const staff = await agent(`/v1/handoffs/${handoff.id}/messages`, {
    key: secret,
    body: { text: 'Hi, Sam here from the team.', member_id: staffId },
  });
  expect(staff.status).toBe(201);
  await expect(widget(page).locator('.n', { hasText: 'A person has joined' })).toBeVisible();
  await expect(widget(page).locator('.m.staff')).toContainText('Hi, Sam here from the team.');
  await page.screenshot({ path: 'e2e/artifacts/widget-en-handoff.png' });

  // Esc closes the panel and gives focus back to the launcher.
  await widget(page).locator('textarea').press('Escape');
  await expect(panel).toBeHidden();
  await expect(widget(page).locator('button.launcher')).toBeFocused();
  await expect(widget(page).locator('button.launcher')).toHaveAttribute('aria-expanded', 'false');
});

test('Arabic: right to left, Arabic words, an Arabic reply streamed', async ({ page }) => {
  await openWidget(page, 'lang=ar');
  await expect(widget(page).locator('.w')).toHaveAttribute('dir', 'rtl');
  await expect(bubbles(page).first()).toContainText('أهلًا! كيف يمكننا مساعدتك؟');
  await expect(widget(page).getByRole('button', { name: 'إرسال' })).toBeVisible();
  await expect(widget(page).getByLabel('رسالتك')).toBeVisible();
  await send(page, 'متى يصل طلبي؟');
  await expect(widget(page).locator('.m.user').last()).toContainText('متى يصل طلبي؟');
  await expect(lastReply(page)).toHaveText(/[\u0600-\u06FF]/);
  await expect(widget(page).locator('.m.assistant[aria-busy=true]')).toHaveCount(0);
  expect(await widgetAxe(page)).toEqual([]);
  await page.screenshot({ path: 'e2e/artifacts/widget-ar.png' });
});

test('a connection cut in the middle of a reply: resumed from the last event, nothing lost or repeated', async ({ page }) => {
  await openWidget(page, 'lang=en&via=relay');
  cutNextReply = true;
  await send(page, 'A long answer please [[sim:tokens=40]] [[sim:token_ms=50]]');
  await expect(lastReply(page)).toHaveText(words(40), { timeout: 20_000 });
  expect(cutNextReply).toBe(false);
  const resumed = relayed.filter((r) => r.method === 'GET' && /\/agent\/v1\/runs\/run_[^/]+\/events/.test(r.path));
  expect(resumed.length).toBeGreaterThan(0);
  expect(resumed[0]!.lastEventId).toMatch(/^\d+-\d+$/);
  // Once, whole: the same after a reload (history from the server).
  await page.reload();
  await widget(page).locator('button.launcher').click();
  await expect(widget(page).locator('.m.assistant .t', { hasText: 'w40' })).toHaveText(words(40));
  await expect(widget(page).locator('.m.assistant .t', { hasText: 'w1 ' })).toHaveCount(1);
  await page.screenshot({ path: 'e2e/artifacts/widget-resumed.png' });
});

test('a key used on an origin it does not allow: no widget, one line in the console', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await page.goto(`${siteOrigin}/?lang=en`.replace('127.0.0.1', 'localhost'));
  await page.waitForTimeout(1500);
  await expect(widget(page)).toHaveCount(0);
  expect(warnings.filter((w) => w.includes('[agent widget]'))).toHaveLength(1);
  expect(warnings.find((w) => w.includes('[agent widget]'))).toContain('origin_not_allowed');
});

// A 2,000-character unbroken line, sent and echoed back, wraps inside the widget's bubbles at
// every size and in both languages: neither the widget nor the host page scrolls sideways.
for (const [size, viewport] of Object.entries(viewports)) {
  for (const lang of ['en', 'ar']) {
    test(`a 2,000-character unbroken message wraps in the widget (${size}, ${lang})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openWidget(page, `lang=${lang}`);
      const unbroken = 'x'.repeat(2_000);
      await send(page, unbroken);
      await expect(lastReply(page)).toContainText(unbroken, { timeout: 20_000 });
      await expectNoHorizontalScroll(page);
      for (const bubble of await bubbles(page).all()) await expectTextFits(bubble);
      await page.screenshot({ path: `e2e/artifacts/widget-long-${size}-${lang}.png` });
    });
  }
}
