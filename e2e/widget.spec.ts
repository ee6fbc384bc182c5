import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { db } from '@/server/db';
import { createUser } from '@/tests/factories';
import { createAgent, createAgentKey, createAgentTenant, createCredential, openHandoffFor } from '@/tests/agent-factories';
import { mintClientToken } from '@/server/agent/access/client-token';
import { agent } from '@/tests/support/agent-api';
import { appUrl } from '@/tests/support/stack';
import { expectNoHorizontalScroll, expectTextFits, viewports } from './support/layout';

/**
 * The website widget on a customer's site (issue 20): a page on another origin embeds
 * `<script src="{app}/widget/v1/widget.js" data-key="agpk_live_…">`; a visitor chats in English
 * and in Arabic and sees the reply arrive token by token; a connection cut in the middle of a
 * reply (by a relay between the page and the app that drops it after the first token) is resumed
 * with Last-Event-ID and the reply arrives whole, once; a staff reply during a handoff appears
 * live with "A person has joined"; axe finds nothing serious in the widget. A visitor who signs in
 * on the site (the page hands the widget a client token its server minted, `AgentWidget`'s
 * `identify`) keeps the conversation, which becomes the verified user's; a refused token shows
 * a line in the widget, in its language.
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
/** What the site's own server answers on /agent-token (it would mint it for the signed-in user), and how often it was asked. */
let siteToken = '';
let tokenRequests = 0;

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
        let cutting = false;
        answer.on('data', (chunk: Buffer) => {
          if (cutting) return;
          if (!cut || !chunk.toString().includes('event: message.delta')) return void res.write(chunk);
          // The chunk reaches the browser before the connection drops: the socket is ended (FIN,
          // after the chunk), not destroyed (RST, which lets the browser discard what it had not
          // read yet), so the widget sees the run and resumes its events rather than rightly
          // sending the message again (same client_message_id) as a widget that saw nothing would.
          cutting = true;
          answer.destroy();
          res.write(chunk, () => res.socket?.end());
        });
        answer.on('end', () => res.end());
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
}

/**
 * The customer's page: just the script tag, loaded from the app or through the relay. With
 * `account`, Sign in / Sign out buttons hand the widget the site's token (`identify`) or log it
 * out; `signed_in` identifies at once, before the widget has loaded (the call waits in the queue).
 */
function sitePage(url: URL): string {
  const lang = url.searchParams.get('lang') === 'ar' ? 'ar' : 'en';
  const base = url.searchParams.get('via') === 'relay' ? relayUrl : appUrl;
  const account = url.searchParams.has('account')
    ? `<button type="button" onclick="signIn()">Sign in</button> <button type="button" onclick="AgentWidget.q.push(['logout'])">Sign out</button>
<script>
window.AgentWidget = window.AgentWidget || { q: [] };
function signIn() {
  AgentWidget.q.push(['identify', function () { return fetch('/agent-token').then(function (r) { return r.text(); }); }]);
}
${url.searchParams.has('signed_in') ? 'signIn();' : ''}
</script>`
    : '';
  return `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><title>Shop</title>
<style>*{font-family:Georgia,serif!important}button{background:hotpink!important;border:4px dashed lime!important}</style></head>
<body><main><h1>${lang === 'ar' ? 'المتجر' : 'The shop'}</h1><p>Products.</p>${account}</main>
<script src="${base}/widget/v1/widget.js" data-key="${publishable}" data-language="${lang}" async></script></body></html>`;
}

test.beforeAll(async () => {
  site = createServer((req, res) => {
    const url = new URL(req.url ?? '/', siteOrigin);
    if (url.pathname === '/agent-token') {
      tokenRequests++;
      return void res.writeHead(200, { 'content-type': 'text/plain' }).end(siteToken);
    }
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
  const closedAt = await launcher.boundingBox();
  await launcher.click();
  await expect(widget(page).locator('textarea')).toBeFocused();
  // The launcher stays where it was, in either direction: it is also how the panel is closed.
  expect(await launcher.boundingBox()).toEqual(closedAt);
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
  // An English reply in the Arabic widget keeps its own direction ("w1 w2 w3.", never ".w1 w2 w3").
  await send(page, 'English please [[sim:tokens=3]]');
  await expect(lastReply(page)).toHaveText(words(3));
  await expect(lastReply(page)).toHaveAttribute('dir', 'auto');
  expect(await lastReply(page).evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
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
  const resumes = () => relayed.filter((r) => r.method === 'GET' && /\/agent\/v1\/runs\/run_[^/]+\/events/.test(r.path));
  // The session's stream may show the finished reply before the widget's resume request is relayed.
  await expect.poll(() => resumes().length).toBeGreaterThan(0);
  const resumed = resumes();
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

/** The Authorization of each agent API request the page makes, with its method and path. */
function watchRequests(page: Page) {
  const seen: Array<{ method: string; path: string; credential: string }> = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/agent/v1/')) return;
    seen.push({ method: request.method(), path: url.pathname, credential: (request.headers().authorization ?? '').replace('Bearer ', '') });
  });
  return seen;
}

async function mintSiteToken(externalId: string) {
  const minted = await agent('/v1/client_tokens', { key: secret, body: { end_user: { external_id: externalId, name: 'Mona' } } });
  expect(minted.status, JSON.stringify(minted.body)).toBe(201);
  siteToken = minted.body.token;
  return minted.body as { token: string; end_user_id: string };
}

const latestWidgetSession = () => db.agentSession.findFirstOrThrow({ where: { projectId, channel: 'widget' }, orderBy: { createdAt: 'desc' } });

test('a visitor signs in on the site: the conversation moves to the verified user and goes on; signing out starts anew', async ({ page }) => {
  const requests = watchRequests(page);
  await openWidget(page, 'lang=en&account');
  await send(page, 'Before signing in [[sim:tokens=3]]');
  await expect(lastReply(page)).toHaveText(words(3));
  const session = await latestWidgetSession();
  const visitor = session.endUserId!;

  // The site's server mints a token for its user (secret key); the page hands the widget a function that fetches it.
  const user = await mintSiteToken(`member-${Date.now()}`);
  tokenRequests = 0;
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(async () => (await agent(`/v1/sessions/${session.id}`, { key: secret })).body.end_user).toBe(user.end_user_id);
  expect(await db.agentEndUser.findUnique({ where: { id: visitor } })).toBeNull();
  expect(tokenRequests).toBe(1);
  const identify = requests.find((r) => r.path === '/agent/v1/widget/identify');
  expect(identify?.credential).toMatch(/^agct_/);
  expect(identify?.credential).not.toBe(user.token);
  // The session's event stream is followed again, with the user's token.
  await expect.poll(() => requests.some((r) => r.path === `/agent/v1/sessions/${session.id}/events` && r.credential === user.token)).toBe(true);

  // Still on screen, no alert; a new message is answered in the same conversation, sent with the user's token.
  await expect(widget(page).locator('.m.user')).toHaveCount(1);
  await expect(widget(page).locator('.m.user')).toContainText('Before signing in');
  await expect(widget(page).locator('[role=alert]')).toBeEmpty();
  await send(page, 'After signing in [[sim:tokens=4]]');
  await expect(lastReply(page)).toHaveText(words(4));
  const posted = requests.filter((r) => r.method === 'POST' && r.path === `/agent/v1/sessions/${session.id}/messages`);
  expect(posted.at(-1)?.credential).toBe(user.token);
  const history = await agent(`/v1/sessions/${session.id}/messages`, { key: secret });
  expect(history.body.data.map((m: { text: string }) => m.text)).toEqual(
    expect.arrayContaining(['Before signing in [[sim:tokens=3]]', 'After signing in [[sim:tokens=4]]', words(4)]),
  );
  await page.screenshot({ path: 'e2e/artifacts/widget-identified.png' });

  // Another page of the site that does not identify: the stored token of the user still shows the conversation.
  await page.reload();
  await widget(page).locator('button.launcher').click();
  await expect(widget(page).locator('.m.user')).toHaveCount(2);

  // Signing out: the panel is emptied, and the next message starts a new anonymous visitor's conversation.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(widget(page).locator('.m.user')).toHaveCount(0);
  await expect(bubbles(page)).toHaveCount(1);
  await expect(bubbles(page).first()).toContainText('Hello! How can we help?');
  await send(page, 'As a guest again [[sim:tokens=2]]');
  await expect(lastReply(page)).toHaveText(words(2));
  const guest = await latestWidgetSession();
  expect(guest.id).not.toBe(session.id);
  expect(guest.endUserId).not.toBe(user.end_user_id);
});

test('identify called before the widget loaded: the visitor is the user from the first message, never an anonymous one', async ({ page }) => {
  const requests = watchRequests(page);
  const user = await mintSiteToken(`member-early-${Date.now()}`);
  await openWidget(page, 'lang=en&account&signed_in');
  await send(page, 'Hello as a member [[sim:tokens=2]]');
  await expect(lastReply(page)).toHaveText(words(2));
  expect((await latestWidgetSession()).endUserId).toBe(user.end_user_id);
  expect(requests.filter((r) => r.path.startsWith('/agent/v1/widget/token'))).toEqual([]);
  expect(requests.find((r) => r.path === '/agent/v1/widget/identify')?.credential).toBe(publishable);
});

test('a refused token: a line in the widget in its language, one line in the console, and the chat goes on as a guest', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await openWidget(page, 'lang=ar&account');
  await send(page, 'مرحبا [[sim:tokens=2]]');
  await expect(lastReply(page)).toHaveText(words(2));
  siteToken = 'agct_not-a-real-token';
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(widget(page).getByRole('alert')).toHaveText('تعذّر تسجيل دخولك إلى المحادثة.');
  expect(warnings.filter((w) => w.includes('[agent widget]'))).toEqual([expect.stringContaining('identify failed (invalid_client_token: ')]);
  await page.screenshot({ path: 'e2e/artifacts/widget-identify-refused-ar.png' });
  await send(page, 'ما زلت هنا [[sim:tokens=3]]');
  await expect(lastReply(page)).toHaveText(words(3));
  await expect(widget(page).locator('[role=alert]')).toBeEmpty();

  // An expired one (minted an hour ago), in English.
  const { end_user_id } = await mintSiteToken(`member-late-${Date.now()}`);
  siteToken = mintClientToken({ prj: projectId, eu: end_user_id, anon: false }, new Date(Date.now() - 3_600_000));
  await openWidget(page, 'lang=en&account');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(widget(page).getByRole('alert')).toHaveText('Your sign-in to the chat has expired. Please reload the page.');
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
