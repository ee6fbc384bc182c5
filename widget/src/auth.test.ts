import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import { ApiError, type Api } from './api';
import { IdentifyError, VisitorAuth } from './auth';

/** The host page's localStorage, for the module under test. */
const storage = new Map<string, string>();
const g = globalThis as { localStorage?: unknown };
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** An agent API that answers the token routes and records each call as `path credential body`. */
function fakeApi(options: { refuse?: string } = {}) {
  const calls: string[] = [];
  let minted = 0;
  const api: Api = {
    async json<T>(_method: string, path: string, credential: string, body?: unknown): Promise<T> {
      calls.push(`${path} ${credential} ${JSON.stringify(body)}`);
      const answer = (value: unknown) => value as T;
      if (path === '/widget/token/refresh') throw new ApiError(429, 'anonymous_limit_reached', 'Too many anonymous conversations.');
      if (path === '/widget/token') return answer({ token: `anon_${++minted}`, expires_at: inMinutes(15), visitor_id: 'v1' });
      if (path === '/widget/identify') {
        const clientToken = (body as { client_token: string }).client_token;
        if (clientToken === options.refuse) throw new ApiError(401, 'invalid_client_token', 'The client token is invalid.');
        return answer({ token: clientToken, expires_at: inMinutes(15), end_user_id: 'eu_1', moved_sessions: 1 });
      }
      throw new Error(`unexpected ${path}`);
    },
    open: () => Promise.reject(new Error('no streams here')),
  };
  return { api, calls };
}

/** The site's getToken: agct_1, agct_2, … */
function siteTokens() {
  let n = 0;
  return { getToken: async () => `agct_${++n}`, count: () => n };
}

const auths: VisitorAuth[] = [];
const newAuth = (api: Api) => {
  const auth = new VisitorAuth(api, 'agpk_live_key');
  auths.push(auth);
  return auth;
};

beforeEach(() => {
  storage.clear();
  g.localStorage = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) };
});
// Logging out clears each one's renewal timer.
afterEach(() => Promise.all(auths.splice(0).map((auth) => auth.logout())));

test('identify before the visitor opened the chat: the publishable key checks the token, which is used from then on', async () => {
  const { api, calls } = fakeApi();
  const site = siteTokens();
  const auth = newAuth(api);
  await auth.identify(site.getToken);
  assert.deepEqual(calls, ['/widget/identify agpk_live_key {"client_token":"agct_1"}']);
  assert.equal(await auth.token(), 'agct_1');
  assert.equal(site.count(), 1);
});

test('identify after chatting anonymously: called with the visitor’s token, so the conversation moves', async () => {
  const { api, calls } = fakeApi();
  const auth = newAuth(api);
  assert.equal(await auth.token(), 'anon_1');
  await auth.identify(siteTokens().getToken);
  assert.equal(calls.at(-1), '/widget/identify anon_1 {"client_token":"agct_1"}');
  assert.equal(await auth.token(), 'agct_1');
});

test('a visitor token that cannot be renewed: identify goes through with the publishable key', async () => {
  storage.set('agent-widget:agpk_live_key', JSON.stringify({ token: 'anon_old', renew_at: 0, visitor_id: 'v1' }));
  const { api, calls } = fakeApi();
  const auth = newAuth(api);
  await auth.identify(siteTokens().getToken);
  assert.deepEqual(calls, [
    '/widget/token/refresh agpk_live_key {"token":"anon_old"}',
    '/widget/identify agpk_live_key {"client_token":"agct_1"}',
  ]);
  assert.equal(await auth.token(), 'agct_1');
});

test('a verified token the server refused is renewed by asking the site again, never by refreshing it', async () => {
  const { api, calls } = fakeApi();
  const site = siteTokens();
  const auth = newAuth(api);
  await auth.identify(site.getToken);
  assert.equal(await auth.renew('agct_1'), 'agct_2');
  // Another request refused the old token meanwhile: it gets the new one, nothing more is asked.
  assert.equal(await auth.renew('agct_1'), 'agct_2');
  assert.equal(site.count(), 2);
  assert.ok(calls.every((call) => !call.startsWith('/widget/token')));
});

test('a refused client token: IdentifyError with its code, logged once, and the visitor stays anonymous', async (t) => {
  const warn = t.mock.method(console, 'warn', () => undefined);
  const { api } = fakeApi({ refuse: 'agct_1' });
  const auth = newAuth(api);
  assert.equal(await auth.token(), 'anon_1');
  const error = await auth.identify(siteTokens().getToken).catch((e: unknown) => e);
  assert.ok(error instanceof IdentifyError);
  assert.equal(error.code, 'invalid_client_token');
  assert.equal(warn.mock.callCount(), 1);
  assert.match(String(warn.mock.calls[0]?.arguments[0]), /^\[agent widget\] identify failed \(invalid_client_token: /);
  assert.equal(await auth.token(), 'anon_1');
});

test('getToken failing is an IdentifyError too', async (t) => {
  t.mock.method(console, 'warn', () => undefined);
  const auth = newAuth(fakeApi().api);
  const error = await auth.identify(() => Promise.reject(new Error('signed out'))).catch((e: unknown) => e);
  assert.ok(error instanceof IdentifyError);
  assert.equal(error.code, 'get_token_failed');
});

test('logout forgets the verified token and the visitor: the next token is a new anonymous visitor’s', async () => {
  const { api, calls } = fakeApi();
  const auth = newAuth(api);
  await auth.token();
  await auth.identify(siteTokens().getToken);
  auth.saveEvent('sess_1', '1-0');
  await auth.logout();
  assert.equal(auth.eventOf('sess_1'), undefined);
  assert.equal(await auth.token(), 'anon_2');
  assert.equal(calls.at(-1), '/widget/token agpk_live_key {}');
});

test('identified on an earlier page, not on this one: its token serves until due, then the visitor starts anew, anonymous', async () => {
  const { api } = fakeApi();
  await newAuth(api).identify(siteTokens().getToken);
  assert.equal(await newAuth(api).token(), 'agct_1');
  // This page: the stored verified token is due for renewal, and no getToken was given.
  for (const [k, v] of storage) storage.set(k, JSON.stringify({ ...JSON.parse(v), renew_at: Date.now() - 1 }));
  const page = newAuth(api);
  let reset = 0;
  page.onReset = () => void reset++;
  assert.equal(await page.token(), 'anon_1');
  assert.equal(reset, 1);
});

test('the event stream is resumed only for the session it was read from', () => {
  const auth = newAuth(fakeApi().api);
  auth.saveEvent('sess_1', '5-0');
  assert.equal(auth.eventOf('sess_1'), '5-0');
  assert.equal(auth.eventOf('sess_2'), undefined);
});
