import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { runInNewContext, Script } from 'node:vm';
import { demoBusinesses } from '../server/seed/demo-world';
import { type RunningSimulator, startSimulator } from './server';

const APP_TOKEN = 'app-token';
const SECRET = 'app-secret';
const APP_ID = '1000000000000001';
const ACME_PHONE = '100000000000001';
const ACME_WABA = '300000000000001';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(probe: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(10);
  }
}

describe('onboarding: business tokens, code exchange, subscription, registration', () => {
  const webhooks: Array<{ field: string; entryId: string; value: Record<string, unknown> }> = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST') {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as {
          entry: Array<{ id: string; changes: Array<{ field: string; value: Record<string, unknown> }> }>;
        };
        for (const e of body.entry) for (const c of e.changes) webhooks.push({ field: c.field, entryId: e.id, value: c.value });
      }
      res.writeHead(200).end(new URL(req.url ?? '/', 'http://x').searchParams.get('hub.challenge') ?? '');
    });
  });
  let sim: RunningSimulator;

  before(async () => {
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    sim = await startSimulator({
      port: 0,
      webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`,
      accessToken: APP_TOKEN,
      appSecret: SECRET,
      verifyToken: 'v',
      statusDelayMs: 5,
      businesses: demoBusinesses,
      templateReviewMs: 40,
    });
  });

  after(async () => {
    await sim.close();
    await new Promise((r) => receiver.close(r));
  });

  async function graph(method: string, path: string, token: string | null, body?: unknown) {
    const res = await fetch(`${sim.url}/v23.0/${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, json: (await res.json()) as any };
  }

  async function control(path: string, body?: unknown) {
    const res = await fetch(`${sim.url}/_sim/${path}`, {
      ...(body !== undefined ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, json: (await res.json()) as any };
  }

  /** A fresh business as Embedded Signup makes it: the popup page, then Finish (or another end). */
  async function signup(settings?: Record<string, unknown>, action = 'finish') {
    if (settings) assert.equal((await control('signup/next', settings)).status, 200);
    const page = await fetch(`${sim.url}/embedded-signup?app_id=${APP_ID}&config_id=sim-signup-config&origin=http://app.test`);
    assert.equal(page.status, 200);
    const html = await page.text();
    const session = /data-session="([^"]+)"/.exec(html)![1]!;
    const phoneIds = [...html.matchAll(/name="phone_number_id" value="(\d+)"/g)].map((m) => m[1]!);
    const end = await fetch(`${sim.url}/embedded-signup/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session, phone_number_id: phoneIds.at(-1) }),
    });
    assert.equal(end.status, 200);
    const answer = (await end.json()) as { message: string; code?: string; target_origin: string };
    return { session, html, phoneIds, answer, message: JSON.parse(answer.message) as any, code: answer.code };
  }

  const exchange = (code: string, clientId = APP_ID, secret = SECRET) =>
    graph('GET', `oauth/access_token?client_id=${clientId}&client_secret=${secret}&code=${encodeURIComponent(code)}`, null);

  async function businessToken(wabaIds: string[], extra: Record<string, unknown> = {}) {
    const { json } = await control('tokens', { waba_ids: wabaIds, ...extra });
    return json.access_token as string;
  }

  const send = (phoneId: string, token: string, to = '+15550009999') =>
    graph('POST', `${phoneId}/messages`, token, {
      messaging_product: 'whatsapp',
      to,
      type: 'template',
      template: { name: 'nope', language: { code: 'en' } },
    });

  // 1. Business tokens

  test('a business token reaches its own WABA and number', async () => {
    const token = await businessToken([ACME_WABA]);
    assert.equal((await graph('GET', `${ACME_WABA}/phone_numbers`, token)).status, 200);
    assert.equal((await graph('GET', ACME_PHONE, token)).json.id, ACME_PHONE);
  });

  test('an unknown token is 401, code 190 subcode 467', async () => {
    const { status, json } = await graph('GET', ACME_PHONE, 'EAAnot-a-token');
    assert.equal(status, 401);
    assert.equal(json.error.code, 190);
    assert.equal(json.error.error_subcode, 467);
    assert.equal(json.error.type, 'OAuthException');
  });

  test('an expired token is 190 subcode 463; a revoked one 190 subcode 458', async () => {
    const expiring = await businessToken([ACME_WABA]);
    assert.equal((await control(`tokens/${expiring}`, { expire: true })).json.is_valid, false);
    const expired = await graph('GET', ACME_PHONE, expiring);
    assert.deepEqual([expired.status, expired.json.error.code, expired.json.error.error_subcode], [401, 190, 463]);
    assert.match(expired.json.error.message, /^Error validating access token: Session has expired/);

    const revoking = await businessToken([ACME_WABA]);
    await control(`tokens/${revoking}`, { revoke: true });
    const revoked = await graph('GET', ACME_PHONE, revoking);
    assert.deepEqual([revoked.status, revoked.json.error.code, revoked.json.error.error_subcode], [401, 190, 458]);
  });

  test('a token issued with a lifetime expires by itself', async (t) => {
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const token = await businessToken([ACME_WABA], { expires_in: 60 });
    assert.equal((await control('tokens')).json.data.find((x: { access_token: string }) => x.access_token === token).expires_at > 0, true);
    assert.equal((await graph('GET', ACME_PHONE, token)).status, 200);
    t.mock.timers.tick(60_001);
    assert.equal((await graph('GET', ACME_PHONE, token)).json.error?.error_subcode, 463);
  });

  test('another WABA, its numbers, or an unknown id are code 200 (HTTP 403)', async () => {
    await control('businesses', { waba_id: '700000000000001', phone_numbers: [] });
    const token = await businessToken(['700000000000001']);
    for (const path of [`${ACME_WABA}/message_templates`, ACME_PHONE, `${ACME_WABA}/phone_numbers`, '999999999999999']) {
      const { status, json } = await graph('GET', path, token);
      assert.equal(status, 403, path);
      assert.equal(json.error.code, 200, path);
      assert.match(json.error.message, /Permissions error/);
    }
    assert.equal((await send(ACME_PHONE, token)).json.error.code, 200);
  });

  test('removing a permission or a WABA from a token takes access away', async () => {
    const token = await businessToken([ACME_WABA]);
    await control(`tokens/${token}`, { remove_scope: 'whatsapp_business_messaging' });
    assert.equal((await send(ACME_PHONE, token)).json.error.code, 200);
    assert.equal((await graph('GET', ACME_PHONE, token)).status, 200, 'management still works');
    await control(`tokens/${token}`, { remove_waba_id: ACME_WABA });
    assert.equal((await graph('GET', ACME_PHONE, token)).json.error.code, 200);
    const listed = (await control('tokens')).json.data.find((t: any) => t.access_token === token);
    assert.deepEqual([listed.scopes, listed.waba_ids], [['whatsapp_business_management'], []]);
    assert.equal((await control('tokens/EAAnope', { revoke: true })).status, 404);
  });

  // 2. Code exchange and discovery

  test('a code exchanges once for a bearer business token scoped to its WABA', async () => {
    const { json: minted } = await control('codes', { waba_id: ACME_WABA });
    const { status, json } = await exchange(minted.code);
    assert.equal(status, 200);
    assert.equal(json.token_type, 'bearer');
    assert.match(json.access_token, /^EAA/);
    assert.equal(json.expires_in, undefined, 'never-expiring tokens carry no expires_in');
    assert.equal((await graph('GET', ACME_PHONE, json.access_token)).status, 200);
    const again = await exchange(minted.code);
    assert.deepEqual(
      [again.status, again.json.error.type, again.json.error.code, again.json.error.error_subcode],
      [400, 'OAuthException', 100, 36009],
    );
    assert.equal(again.json.error.message, 'This authorization code has been used.');
  });

  test('a code for an expiring token says expires_in', async () => {
    const { json: minted } = await control('codes', { waba_id: ACME_WABA, token_expires_in: 5_184_000 });
    const { json } = await exchange(minted.code);
    assert.ok(json.expires_in > 5_180_000 && json.expires_in <= 5_184_000);
  });

  test('wrong client id or secret, unknown or expired codes are OAuth errors', async () => {
    const { json: minted } = await control('codes', { waba_id: ACME_WABA });
    const wrongId = await exchange(minted.code, '42');
    assert.deepEqual(
      [wrongId.status, wrongId.json.error.code, wrongId.json.error.message],
      [400, 101, 'Error validating application. Invalid application ID.'],
    );
    const wrongSecret = await exchange(minted.code, APP_ID, 'nope');
    assert.deepEqual([wrongSecret.status, wrongSecret.json.error.code], [400, 1]);
    const unknown = await exchange('AQnot-a-code');
    assert.deepEqual([unknown.status, unknown.json.error.code, unknown.json.error.error_subcode], [400, 100, 36008]);
    const missing = await graph('GET', `oauth/access_token?client_id=${APP_ID}&client_secret=${SECRET}`, null);
    assert.equal(missing.json.error.code, 100);
    // The code is still good after the refusals above.
    assert.equal((await exchange(minted.code)).status, 200);
  });

  test('a code older than 30 s is refused (36007)', async (t) => {
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const { json: minted } = await control('codes', { waba_id: ACME_WABA });
    t.mock.timers.tick(30_001);
    const { json } = await exchange(minted.code);
    assert.deepEqual([json.error.code, json.error.error_subcode, json.error.message], [100, 36007, 'This authorization code has expired.']);
  });

  test('debug_token describes a business token: granted WABAs newest first', async () => {
    await control('businesses', { waba_id: '700000000000002', phone_numbers: [] });
    const { json: minted } = await control('codes', { waba_id: '700000000000002' });
    const token = (await exchange(minted.code)).json.access_token as string;
    const { json } = await graph('GET', `debug_token?input_token=${token}`, APP_TOKEN);
    assert.equal(json.data.app_id, APP_ID);
    assert.equal(json.data.type, 'SYSTEM_USER');
    assert.equal(json.data.expires_at, 0);
    assert.equal(json.data.is_valid, true);
    assert.deepEqual(json.data.scopes, ['whatsapp_business_management', 'whatsapp_business_messaging']);
    assert.deepEqual(json.data.granular_scopes, [
      { scope: 'whatsapp_business_management', target_ids: ['700000000000002'] },
      { scope: 'whatsapp_business_messaging', target_ids: ['700000000000002'] },
    ]);
    const unknown = await graph('GET', 'debug_token?input_token=EAAnope', APP_TOKEN);
    assert.equal(unknown.json.data.is_valid, false);
    await control(`tokens/${token}`, { revoke: true });
    const revoked = await graph('GET', `debug_token?input_token=${token}`, APP_TOKEN);
    assert.deepEqual([revoked.json.data.is_valid, revoked.json.data.error.subcode], [false, 458]);
    assert.equal((await graph('GET', `debug_token?input_token=${token}`, null)).status, 401, 'needs a token of its own');
  });

  test('GET /{waba_id} answers its fields; unknown fields are code 100', async () => {
    const token = await businessToken([ACME_WABA]);
    const { json } = await graph(
      'GET',
      `${ACME_WABA}?fields=id,name,timezone_id,message_template_namespace,account_review_status,owner_business_info`,
      token,
    );
    assert.equal(json.id, ACME_WABA);
    assert.equal(typeof json.name, 'string');
    assert.equal(json.account_review_status, 'APPROVED');
    assert.match(json.owner_business_info.id, /^\d{15}$/);
    assert.equal((await graph('GET', `${ACME_WABA}?fields=bogus`, token)).json.error.code, 100);
  });

  test('GET /{waba_id}/phone_numbers answers the documented fields', async () => {
    const fields =
      'id,display_phone_number,verified_name,status,quality_rating,code_verification_status,messaging_limit_tier,throughput{level},platform_type,account_mode,name_status';
    const { json } = await graph('GET', `${ACME_WABA}/phone_numbers?fields=${fields}`, APP_TOKEN);
    const acme = json.data.find((p: any) => p.id === ACME_PHONE);
    assert.equal(acme.status, 'CONNECTED');
    assert.equal(acme.platform_type, 'CLOUD_API');
    assert.deepEqual(acme.throughput, { level: 'STANDARD' });
    assert.equal(acme.code_verification_status, 'VERIFIED');
    assert.match(acme.messaging_limit_tier, /^TIER_/);
    const plain = await graph('GET', `${ACME_WABA}/phone_numbers`, APP_TOKEN);
    assert.deepEqual(Object.keys(plain.json.data[0]).sort(), ['display_phone_number', 'id', 'quality_rating', 'verified_name']);
  });

  test('the app token still reaches everything, including ids made on first use', async () => {
    assert.equal((await graph('GET', `${ACME_WABA}/phone_numbers`, APP_TOKEN)).status, 200);
    assert.equal((await graph('GET', '123450000000777', APP_TOKEN)).json.id, '123450000000777');
  });

  // 3. Webhook subscription

  test('a WABA no app subscribed to delivers no webhooks until subscribed_apps', async () => {
    const waba = '700000000000003';
    const phone = '700000000000103';
    await control('businesses', {
      waba_id: waba,
      subscribed: false,
      phone_numbers: [{ id: phone, display_phone_number: '+1 555-700-0103', verified_name: 'Quiet Co' }],
    });
    const token = await businessToken([waba]);
    assert.deepEqual((await graph('GET', `${waba}/subscribed_apps`, token)).json, { data: [] });
    const first = (await control('inbound', { phone_id: phone, from: '+15550301111', text: 'unheard' })).json.wamid as string;

    assert.deepEqual((await graph('POST', `${waba}/subscribed_apps`, token)).json, { success: true });
    const listed = (await graph('GET', `${waba}/subscribed_apps`, token)).json.data;
    assert.deepEqual(
      listed.map((a: any) => a.whatsapp_business_api_data.id),
      [APP_ID],
    );
    assert.equal(typeof listed[0].whatsapp_business_api_data.name, 'string');
    const second = (await control('inbound', { phone_id: phone, from: '+15550301111', text: 'heard' })).json.wamid as string;
    await waitFor(() => webhooks.some((w) => JSON.stringify(w.value).includes(second)));
    assert.ok(!webhooks.some((w) => JSON.stringify(w.value).includes(first)), 'nothing before the subscription');

    assert.deepEqual((await graph('DELETE', `${waba}/subscribed_apps`, token)).json, { success: true });
    const third = (await control('inbound', { phone_id: phone, from: '+15550301111', text: 'unheard again' })).json.wamid as string;
    await sleep(100);
    assert.ok(!webhooks.some((w) => JSON.stringify(w.value).includes(third)));
  });

  test('subscribed_apps keeps an override callback; a bad one is code 100', async () => {
    const { json } = await graph('POST', `${ACME_WABA}/subscribed_apps`, APP_TOKEN, {
      override_callback_uri: 'https://example.com/hook',
      verify_token: 'x',
    });
    assert.deepEqual(json, { success: true });
    assert.equal((await graph('GET', `${ACME_WABA}/subscribed_apps`, APP_TOKEN)).json.data[0].override_callback_uri, 'https://example.com/hook');
    const bad = await graph('POST', `${ACME_WABA}/subscribed_apps`, APP_TOKEN, { override_callback_uri: 'https://example.com/hook' });
    assert.equal(bad.json.error.code, 100);
    await graph('POST', `${ACME_WABA}/subscribed_apps`, APP_TOKEN);
    assert.equal((await graph('GET', `${ACME_WABA}/subscribed_apps`, APP_TOKEN)).json.data[0].override_callback_uri, undefined);
  });

  test('demo WABAs are subscribed from the start', async () => {
    assert.equal((await graph('GET', `${ACME_WABA}/subscribed_apps`, APP_TOKEN)).json.data.length, 1);
  });

  // 4. Registration

  async function unregisteredNumber(id: string) {
    await control('businesses', {
      waba_id: `7${id.slice(1)}`,
      registered: false,
      phone_numbers: [{ id, display_phone_number: `+1 555-${id.slice(-7, -4)}-${id.slice(-4)}`, verified_name: 'Reg Co' }],
    });
    return id;
  }
  const register = (phone: string, pin: string, token = APP_TOKEN) =>
    graph('POST', `${phone}/register`, token, { messaging_product: 'whatsapp', pin });

  test('an unregistered number refuses sends (133010) until registered; the first PIN sticks', async () => {
    const phone = await unregisteredNumber('800000000000001');
    const text = { messaging_product: 'whatsapp', to: '+15550409999', type: 'text', text: { body: 'hi' } };
    const refused = await graph('POST', `${phone}/messages`, APP_TOKEN, text);
    assert.deepEqual([refused.status, refused.json.error.code], [400, 133010]);
    assert.equal((await graph('GET', `${phone}?fields=status`, APP_TOKEN)).json.status, 'PENDING');
    assert.deepEqual((await register(phone, '123456')).json, { success: true });
    assert.equal((await graph('GET', `${phone}?fields=status`, APP_TOKEN)).json.status, 'CONNECTED');
    assert.equal((await graph('POST', `${phone}/messages`, APP_TOKEN, text)).status, 200);
    assert.deepEqual((await graph('POST', `${phone}/deregister`, APP_TOKEN, {})).json, { success: true });
    assert.equal((await graph('POST', `${phone}/messages`, APP_TOKEN, text)).json.error.code, 133010);
    const wrong = await register(phone, '654321');
    assert.deepEqual([wrong.status, wrong.json.error.code], [400, 133005]);
    assert.equal((await register(phone, '123456')).status, 200);
  });

  test('register wants messaging_product and a 6-digit PIN', async () => {
    const phone = await unregisteredNumber('800000000000002');
    assert.equal((await register(phone, '12')).json.error.code, 100);
    assert.equal((await graph('POST', `${phone}/register`, APP_TOKEN, { pin: '123456' })).json.error.code, 100);
  });

  test('a preset PIN refuses wrong guesses (133005), then blocks guessing (133008)', async () => {
    const phone = await unregisteredNumber('800000000000003');
    assert.deepEqual((await control(`registration/${phone}`, { pin: '111111' })).json, { id: phone, registered: false, pin_set: true });
    for (let i = 0; i < 4; i += 1) assert.equal((await register(phone, '222222')).json.error.code, 133005);
    assert.equal((await register(phone, '222222')).json.error.code, 133008);
    assert.equal((await register(phone, '111111')).json.error.code, 133008, 'even the right PIN waits');
    await control(`registration/${phone}`, { reset_limits: true });
    assert.equal((await register(phone, '111111')).status, 200);
  });

  test('10 register/deregister calls per number in 72 h; the 11th is 133016', async () => {
    const phone = await unregisteredNumber('800000000000004');
    for (let i = 0; i < 5; i += 1) {
      assert.equal((await register(phone, '123456')).status, 200);
      assert.equal((await graph('POST', `${phone}/deregister`, APP_TOKEN, {})).status, 200);
    }
    const limited = await register(phone, '123456');
    assert.deepEqual([limited.status, limited.json.error.code], [400, 133016]);
  });

  test('the control API presets registration', async () => {
    const phone = await unregisteredNumber('800000000000005');
    assert.equal((await control(`registration/${phone}`, { registered: true })).json.registered, true);
    const text = { messaging_product: 'whatsapp', to: '+15550409999', type: 'text', text: { body: 'hi' } };
    assert.equal((await graph('POST', `${phone}/messages`, APP_TOKEN, text)).status, 200);
  });

  // 5. Embedded Signup stand-in

  /** Runs the served sdk.js against a fake browser window; the popup is driven over HTTP. */
  async function loadSdk() {
    const script = await (await fetch(`${sim.url}/sdk.js`)).text();
    const opened: Array<{ url: string; popup: { closed: boolean } }> = [];
    const errors: string[] = [];
    const window: any = {
      open: (url: string) => {
        const popup = { closed: false };
        opened.push({ url, popup });
        return popup;
      },
      crypto: globalThis.crypto,
      fbAsyncInit: () => (window.asyncInitCalled = true),
    };
    const sandbox = {
      window,
      location: { origin: 'http://app.test' },
      console: { error: (m: string) => errors.push(m) },
      setTimeout,
      setInterval,
      clearInterval,
      fetch,
      URLSearchParams,
      crypto: globalThis.crypto,
      String,
      Math,
      Date,
    };
    runInNewContext(script, sandbox);
    return { FB: window.FB, opened, errors, asyncInitCalled: window.asyncInitCalled === true };
  }

  const login = (FB: any, opts: unknown) => new Promise<any>((resolve) => FB.login(resolve, opts));
  const loginOptions = { config_id: 'sim-signup-config', response_type: 'code', override_default_response_type: true, extras: { setup: {} } };

  test('sdk.js defines FB.init and FB.login, which refuse unknown apps, configurations and response types', async () => {
    const res = await fetch(`${sim.url}/sdk.js`);
    assert.match(res.headers.get('content-type') ?? '', /javascript/);
    const { FB, errors, asyncInitCalled } = await loadSdk();
    assert.ok(asyncInitCalled, 'window.fbAsyncInit runs once the SDK is loaded');
    assert.equal(typeof FB.init, 'function');
    assert.equal(typeof FB.login, 'function');

    assert.match((await login(FB, loginOptions)).error.message, /before FB.init/);
    FB.init({ appId: '42', version: 'v23.0' });
    assert.match((await login(FB, loginOptions)).error.message, /Invalid App ID/);
    FB.init({ appId: APP_ID, autoLogAppEvents: true, xfbml: true, version: 'v23.0' });
    const wrongConfig = await login(FB, { ...loginOptions, config_id: 'other' });
    assert.deepEqual([wrongConfig.authResponse, wrongConfig.error.message], [null, 'Invalid config_id: other']);
    assert.match((await login(FB, { config_id: 'sim-signup-config' })).error.message, /response_type/);
    assert.ok(errors.length >= 4, 'errors are logged too');
  });

  test('FB.login opens the popup; Finish ends it with a code that exchanges for a token on that WABA', async () => {
    const { FB, opened } = await loadSdk();
    FB.init({ appId: APP_ID, version: 'v23.0' });
    const called = login(FB, loginOptions);
    assert.equal(opened.length, 1);
    const popupUrl = new URL(opened[0]!.url);
    assert.equal(popupUrl.origin + popupUrl.pathname, `${sim.url}/embedded-signup`);
    assert.equal(popupUrl.searchParams.get('origin'), 'http://app.test');
    const html = await (await fetch(popupUrl)).text();
    const session = /data-session="([^"]+)"/.exec(html)![1]!;
    assert.equal(session, popupUrl.searchParams.get('session'));
    const phoneId = /name="phone_number_id" value="(\d+)"/.exec(html)![1]!;
    const finish = await fetch(`${sim.url}/embedded-signup/finish`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session, phone_number_id: phoneId }),
    });
    const answer = (await finish.json()) as any;
    assert.equal(answer.target_origin, 'http://app.test');
    const message = JSON.parse(answer.message);
    opened[0]!.popup.closed = true; // the popup closes itself after posting
    const response = await called;
    assert.equal(response.status, 'connected');
    assert.equal(response.authResponse.code, answer.code);

    assert.deepEqual(Object.keys(message).sort(), ['data', 'event', 'type']);
    assert.deepEqual([message.type, message.event, message.data.phone_number_id], ['WA_EMBEDDED_SIGNUP', 'FINISH', phoneId]);
    const token = (await exchange(response.authResponse.code)).json.access_token as string;
    const debug = (await graph('GET', `debug_token?input_token=${token}`, APP_TOKEN)).json.data;
    assert.deepEqual(debug.granular_scopes[0].target_ids, [message.data.waba_id]);
    const numbers = (await graph('GET', `${message.data.waba_id}/phone_numbers?fields=id,status,verified_name`, token)).json.data;
    assert.deepEqual(
      numbers.map((n: any) => [n.id, n.status]),
      [[phoneId, 'PENDING']],
    );
    const waba = (await graph('GET', `${message.data.waba_id}?fields=id,name,owner_business_info`, token)).json;
    assert.equal(waba.owner_business_info.id, message.data.business_id);
    assert.equal((await graph('GET', `${ACME_WABA}/phone_numbers`, token)).status, 403, 'only its own WABA');
  });

  test('a popup closed without Finish calls back with authResponse null', async () => {
    const { FB, opened } = await loadSdk();
    FB.init({ appId: APP_ID, version: 'v23.0' });
    const called = login(FB, loginOptions);
    opened[0]!.popup.closed = true;
    assert.deepEqual(await called, { authResponse: null, status: 'unknown' });
  });

  test('each signup is a fresh business: one WABA, one unregistered, unsubscribed number, the sample template', async () => {
    const first = await signup();
    const second = await signup();
    assert.notEqual(first.message.data.waba_id, second.message.data.waba_id);
    assert.notEqual(first.message.data.phone_number_id, second.message.data.phone_number_id);
    assert.notEqual(first.message.data.business_id, second.message.data.business_id);
    assert.equal(first.phoneIds.length, 1);
    const { waba_id: waba, phone_number_id: phone } = first.message.data;
    assert.deepEqual((await graph('GET', `${waba}/subscribed_apps`, APP_TOKEN)).json.data, []);
    const number = (await graph('GET', `${phone}?fields=display_phone_number,verified_name,status`, APP_TOKEN)).json;
    assert.match(number.display_phone_number, /^\+1 555-\d{3}-\d{4}$/);
    assert.match(number.verified_name, /^Signup Business \d{4}$/);
    assert.equal(number.status, 'PENDING');
    const templates = (await graph('GET', `${waba}/message_templates`, APP_TOKEN)).json.data;
    assert.deepEqual(
      templates.map((t: any) => [t.name, t.status]),
      [['hello_world', 'APPROVED']],
    );
    await waitFor(() => webhooks.some((w) => w.field === 'account_update' && (w.value.waba_info as any)?.waba_id === waba));
    const event = webhooks.find((w) => w.field === 'account_update' && (w.value.waba_info as any)?.waba_id === waba)!;
    assert.equal(event.value.event, 'PARTNER_ADDED');
    assert.deepEqual(event.value.waba_info, { waba_id: waba, owner_business_id: first.message.data.business_id, partner_app_id: APP_ID });
    assert.notEqual(event.entryId, waba, "addressed to the app's own business");
  });

  test('the popup page is accessible HTML: language, heading, labelled choices, buttons', async () => {
    const { html } = await signup({ business_name: 'Bakery & Co', phone_count: 3 }, 'cancel');
    assert.match(html, /<html lang="en">/);
    assert.match(html, /<h1>Connect your WhatsApp Business account<\/h1>/);
    assert.match(html, /Bakery &#38; Co/);
    assert.match(html, /<legend>Choose a phone number<\/legend>/);
    assert.equal([...html.matchAll(/<label><input type="radio" name="phone_number_id"/g)].length, 3);
    for (const id of ['finish', 'cancel', 'report-error']) assert.match(html, new RegExp(`<button type="(submit|button)"[^>]* id="${id}"`));
    assert.match(html, /role="status"/);
    const script = /<script>([\s\S]*)<\/script>/.exec(html)![1]!;
    assert.doesNotThrow(() => new Script(script), 'the popup script parses');
  });

  test('unknown app or configuration: the popup shows an error', async () => {
    for (const query of [
      'app_id=42&config_id=sim-signup-config',
      `app_id=${APP_ID}&config_id=other`,
      `app_id=${APP_ID}&config_id=sim-signup-config`,
    ]) {
      const res = await fetch(`${sim.url}/embedded-signup?${query}${query.endsWith('other') ? '&origin=http://a.test' : ''}`);
      assert.equal(res.status, 400, query);
      assert.match(await res.text(), /role="alert"/);
    }
  });

  test('Cancel posts CANCEL with the step; Report a problem posts CANCEL with the error; neither has a code', async () => {
    const cancelled = await signup(undefined, 'cancel');
    assert.deepEqual(cancelled.message, {
      type: 'WA_EMBEDDED_SIGNUP',
      event: 'CANCEL',
      data: { current_step: 'PHONE_NUMBER_SETUP' },
      version: 3,
    });
    assert.equal(cancelled.code, undefined);
    const result = await (await fetch(`${sim.url}/embedded-signup/result?session=${cancelled.session}`)).json();
    assert.deepEqual(result, { authResponse: null, status: 'unknown' });

    const reported = await signup(undefined, 'error');
    assert.equal(reported.message.event, 'CANCEL');
    assert.deepEqual(Object.keys(reported.message.data).sort(), ['error_id', 'error_message', 'session_id', 'timestamp']);
    assert.equal(reported.message.data.session_id, reported.session);
    assert.equal(typeof reported.message.data.timestamp, 'number');
  });

  test('a signup ends once; a second Finish is 409', async () => {
    const { session, phoneIds } = await signup();
    const again = await fetch(`${sim.url}/embedded-signup/finish`, {
      method: 'POST',
      body: JSON.stringify({ session, phone_number_id: phoneIds[0] }),
    });
    assert.equal(again.status, 409);
  });

  test('the control API sets the next signup: name, several numbers, a preset PIN, a forced outcome', async () => {
    const { message, phoneIds } = await signup({ business_name: 'Pin Co', phone_count: 2, pin: '424242' });
    assert.equal(phoneIds.length, 2);
    assert.equal(message.data.phone_number_id, phoneIds[1]);
    assert.equal((await graph('GET', `${message.data.waba_id}?fields=name`, APP_TOKEN)).json.name, 'Pin Co');
    assert.equal((await register(message.data.phone_number_id, '000000')).json.error.code, 133005);
    assert.equal((await register(message.data.phone_number_id, '424242')).status, 200);

    const forced = await signup({ outcome: 'cancel', current_step: 'PERMISSIONS' });
    assert.deepEqual(forced.message.data, { current_step: 'PERMISSIONS' });
    const error = await signup({ outcome: 'error', error_message: 'Number already in use' });
    assert.equal(error.message.data.error_message, 'Number already in use');
    assert.equal((await signup()).message.event, 'FINISH', 'settings are used once');

    const sessions = (await control('signup/sessions')).json.data;
    assert.equal(sessions[0].outcome, 'finish');
    assert.equal(sessions[1].outcome, 'error');
    assert.equal((await control('signup/next', { phone_count: 9 })).status, 400);
  });
  // 6. Templates made on the platform

  const utility = (name: string, text: string, extra: Record<string, unknown> = {}) => ({
    name,
    language: 'en_US',
    category: 'UTILITY',
    components: [{ type: 'BODY', text, example: { body_text: [['Ana', '42']] } }],
    ...extra,
  });
  const statusEvents = (id: string) =>
    webhooks.filter((w) => w.field === 'message_template_status_update' && w.value.message_template_id === Number(id));

  test('a created template is PENDING, then APPROVED after the review with the status webhook', async () => {
    const token = await businessToken([ACME_WABA]);
    const created = await graph('POST', `${ACME_WABA}/message_templates`, token, {
      name: 'order_update_v2',
      language: 'en_US',
      category: 'UTILITY',
      parameter_format: 'named',
      components: [
        { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aW'] } },
        {
          type: 'BODY',
          text: 'Hi {{first_name}}, order {{order_id}} shipped.',
          example: {
            body_text_named_params: [
              { param_name: 'first_name', example: 'Pablo' },
              { param_name: 'order_id', example: '860198' },
            ],
          },
        },
        { type: 'FOOTER', text: 'Lucky Shrub' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'URL', text: 'Track', url: 'https://x.com/track' },
            { type: 'PHONE_NUMBER', text: 'Call', phone_number: '15550051310' },
            { type: 'QUICK_REPLY', text: 'Stop' },
          ],
        },
      ],
    });
    assert.equal(created.status, 200);
    assert.deepEqual(Object.keys(created.json).sort(), ['category', 'id', 'status']);
    assert.deepEqual([created.json.status, created.json.category], ['PENDING', 'UTILITY']);
    assert.match(created.json.id, /^\d+$/);
    const listed = await graph('GET', `${ACME_WABA}/message_templates?name=order_update_v2`, token);
    assert.equal(listed.json.data[0].status, 'PENDING');
    await waitFor(() => statusEvents(created.json.id).length > 0);
    const [event] = statusEvents(created.json.id);
    assert.deepEqual(event!.value, {
      event: 'APPROVED',
      message_template_id: Number(created.json.id),
      message_template_name: 'order_update_v2',
      message_template_language: 'en_US',
      reason: 'NONE',
      message_template_category: 'UTILITY',
    });
    assert.equal((await graph('GET', created.json.id, token)).json.status, 'APPROVED');
  });

  for (const [label, text] of [
    ['starts with a variable', '{{1}} is your name and {{2}} your order.'],
    ['ends with a variable', 'Hello {{1}}, your order is {{2}}'],
    ['has adjacent variables', 'Hello {{1}} {{2}} and welcome.'],
    ['numbers variables out of sequence', 'Hello {{1}}, your order {{3}} is here.'],
  ] as const) {
    test(`a body that ${label} is REJECTED (INVALID_FORMAT) after the review`, async () => {
      const name = `bad_${label.replace(/\W+/g, '_')}`;
      const { json } = await graph('POST', `${ACME_WABA}/message_templates`, APP_TOKEN, utility(name, text));
      assert.equal(json.status, 'PENDING');
      await waitFor(() => statusEvents(json.id).length > 0);
      const value = statusEvents(json.id)[0]!.value;
      assert.deepEqual([value.event, value.reason], ['REJECTED', 'INVALID_FORMAT']);
      assert.equal((value.rejection_info as { reason: string }).reason, 'INVALID_FORMAT');
      assert.equal((await graph('GET', `${ACME_WABA}/message_templates?name=${name}`, APP_TOKEN)).json.data[0].status, 'REJECTED');
    });
  }

  test('creation is validated like the platform: name, language, category, components, examples', async () => {
    const create = (body: unknown) => graph('POST', `${ACME_WABA}/message_templates`, APP_TOKEN, body);
    const good = utility('checked_one', 'Hello {{1}}, order {{2}} is ready.');
    const body = good.components[0];
    const cases: Array<[string, unknown]> = [
      ['bad name', { ...good, name: 'Bad-Name' }],
      ['no language', { ...good, language: undefined }],
      ['bad category', { ...good, category: 'PROMO' }],
      ['no components', { ...good, components: [] }],
      ['no body', { ...good, components: [{ type: 'FOOTER', text: 'x' }] }],
      ['long body', { ...good, components: [{ type: 'BODY', text: 'x'.repeat(1025) }] }],
      ['missing examples', { ...good, components: [{ type: 'BODY', text: 'Hello {{1}}, order {{2}} is ready.' }] }],
      [
        'named variable in positional',
        { ...good, components: [{ type: 'BODY', text: 'Hello {{name}} there.', example: { body_text: [['x']] } }] },
      ],
      ['image header without handle', { ...good, components: [{ type: 'HEADER', format: 'IMAGE' }, body] }],
      ['footer variable', { ...good, components: [body, { type: 'FOOTER', text: 'Bye {{1}}' }] }],
      ['eleven buttons', { ...good, components: [body, { type: 'BUTTONS', buttons: Array(11).fill({ type: 'QUICK_REPLY', text: 'x' }) }] }],
      [
        'URL button variable without example',
        { ...good, components: [body, { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Go', url: 'https://x.com/{{1}}' }] }] },
      ],
    ];
    for (const [label, payload] of cases) {
      const { status, json } = await create(payload);
      assert.equal(status, 400, label);
      assert.equal(json.error.code, 100, label);
      assert.equal(typeof json.error.error_subcode, 'number', label);
      assert.equal(typeof json.error.error_user_msg, 'string', label);
    }
    assert.equal((await create(good)).status, 200);
  });

  test('the same name and language twice is the platform error 2388024; another language is fine', async () => {
    const body = utility('twice_made', 'Hello {{1}}, order {{2}} is ready.');
    assert.equal((await graph('POST', `${ACME_WABA}/message_templates`, APP_TOKEN, body)).status, 200);
    const again = await graph('POST', `${ACME_WABA}/message_templates`, APP_TOKEN, body);
    assert.deepEqual([again.status, again.json.error.code, again.json.error.error_subcode], [400, 100, 2388024]);
    assert.equal(again.json.error.error_user_title, 'Content in this language already exists');
    assert.equal((await graph('POST', `${ACME_WABA}/message_templates`, APP_TOKEN, { ...body, language: 'es' })).status, 200);
  });

  test('editing a rejected template sends it back to review; a pending one cannot be edited', async () => {
    const { json } = await graph('POST', `${ACME_WABA}/message_templates`, APP_TOKEN, utility('fix_me', '{{1}} hello {{2}} there.'));
    const pending = await graph('POST', json.id, APP_TOKEN, { components: [{ type: 'BODY', text: 'Hello there.' }] });
    assert.equal(pending.json.error.code, 100);
    await waitFor(() => statusEvents(json.id).length === 1);
    assert.equal(statusEvents(json.id)[0]!.value.event, 'REJECTED');
    const edit = await graph('POST', json.id, APP_TOKEN, {
      components: [{ type: 'BODY', text: 'Hello {{1}}, order {{2}} is ready.', example: { body_text: [['a', 'b']] } }],
    });
    assert.deepEqual(edit.json, { success: true });
    assert.equal((await graph('GET', json.id, APP_TOKEN)).json.status, 'PENDING');
    await waitFor(() => statusEvents(json.id).length === 2);
    assert.equal(statusEvents(json.id)[1]!.value.event, 'APPROVED');
    const recategorise = await graph('POST', json.id, APP_TOKEN, { category: 'MARKETING' });
    assert.equal(recategorise.json.error.code, 100, 'an approved template keeps its category');
  });

  test('deleting by name removes every language, by hsm_id only that one; unknown names are code 100', async () => {
    const body = utility('to_delete', 'Hello {{1}}, order {{2}} is ready.');
    const en = (await graph('POST', `${ACME_WABA}/message_templates`, APP_TOKEN, body)).json.id as string;
    await graph('POST', `${ACME_WABA}/message_templates`, APP_TOKEN, { ...body, language: 'fr' });
    await graph('POST', `${ACME_WABA}/message_templates`, APP_TOKEN, { ...body, language: 'de' });
    assert.deepEqual((await graph('DELETE', `${ACME_WABA}/message_templates?name=to_delete&hsm_id=${en}`, APP_TOKEN)).json, { success: true });
    const left = (await graph('GET', `${ACME_WABA}/message_templates?name=to_delete`, APP_TOKEN)).json.data;
    assert.deepEqual(left.map((t: { language: string }) => t.language).sort(), ['de', 'fr']);
    assert.deepEqual((await graph('DELETE', `${ACME_WABA}/message_templates?name=to_delete`, APP_TOKEN)).json, { success: true });
    assert.equal((await graph('GET', `${ACME_WABA}/message_templates?name=to_delete`, APP_TOKEN)).json.data.length, 0);
    assert.equal((await graph('DELETE', `${ACME_WABA}/message_templates?name=to_delete`, APP_TOKEN)).json.error.code, 100);
    await sleep(80);
    assert.equal(statusEvents(en).length, 0, 'a deleted template is not reviewed');
  });

  test('an approved template name cannot be reused in that language for 30 days after deletion (2388023)', async () => {
    const body = utility('reused_name', 'Hello {{1}}, order {{2}} is ready.');
    const { json } = await graph('POST', `${ACME_WABA}/message_templates`, APP_TOKEN, body);
    await waitFor(() => statusEvents(json.id).length === 1);
    await graph('DELETE', `${ACME_WABA}/message_templates?name=reused_name`, APP_TOKEN);
    const again = await graph('POST', `${ACME_WABA}/message_templates`, APP_TOKEN, body);
    assert.deepEqual([again.json.error.code, again.json.error.error_subcode], [100, 2388023]);
  });

  test('a template made on the platform can be sent once approved; the control API still forces its status', async () => {
    const { json } = await graph(
      'POST',
      `${ACME_WABA}/message_templates`,
      APP_TOKEN,
      utility('sendable_new', 'Hello {{1}}, order {{2}} is ready.'),
    );
    const message = {
      messaging_product: 'whatsapp',
      to: '+15550609999',
      type: 'template',
      template: {
        name: 'sendable_new',
        language: { code: 'en_US' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'a' },
              { type: 'text', text: 'b' },
            ],
          },
        ],
      },
    };
    assert.equal((await graph('POST', `${ACME_PHONE}/messages`, APP_TOKEN, message)).json.error.code, 132001, 'PENDING cannot be sent');
    await waitFor(() => statusEvents(json.id).length === 1);
    assert.equal((await graph('POST', `${ACME_PHONE}/messages`, APP_TOKEN, message)).status, 200);
    await control('templates/sendable_new', { status: 'PAUSED', waba_id: ACME_WABA });
    assert.equal((await graph('POST', `${ACME_PHONE}/messages`, APP_TOKEN, message)).json.error.code, 132015);
  });

  test("a business token manages only its own WABA's templates", async () => {
    const { message, code } = await signup();
    const token = (await exchange(code!)).json.access_token as string;
    const own = await graph(
      'POST',
      `${message.data.waba_id}/message_templates`,
      token,
      utility('mine_only', 'Hello {{1}}, order {{2}} is ready.'),
    );
    assert.equal(own.status, 200);
    assert.equal((await graph('POST', `${ACME_WABA}/message_templates`, token, utility('not_mine', 'Hi.'))).json.error.code, 200);
    assert.equal((await graph('DELETE', `${ACME_WABA}/message_templates?name=order_update`, token)).json.error.code, 200);
  });

  // 7. Account webhooks

  test('PARTNER_APP_UNINSTALLED: the webhook, the business tokens revoked (458), the subscription gone', async () => {
    const { message, code } = await signup();
    const waba = message.data.waba_id as string;
    const token = (await exchange(code!)).json.access_token as string;
    await graph('POST', `${waba}/subscribed_apps`, token);
    const { json } = await control('account-update', { waba_id: waba, event: 'PARTNER_APP_UNINSTALLED' });
    assert.deepEqual(json, { waba_id: waba, event: 'PARTNER_APP_UNINSTALLED', revoked_tokens: 1 });
    await waitFor(() =>
      webhooks.some(
        (w) => w.field === 'account_update' && w.value.event === 'PARTNER_APP_UNINSTALLED' && (w.value.waba_info as any).waba_id === waba,
      ),
    );
    const event = webhooks.find((w) => w.value.event === 'PARTNER_APP_UNINSTALLED' && (w.value.waba_info as any).waba_id === waba)!;
    assert.deepEqual(event.value.waba_info, { waba_id: waba, owner_business_id: message.data.business_id, partner_app_id: APP_ID });
    const refused = await graph('GET', waba, token);
    assert.deepEqual([refused.status, refused.json.error.code, refused.json.error.error_subcode], [401, 190, 458]);
    assert.deepEqual((await graph('GET', `${waba}/subscribed_apps`, APP_TOKEN)).json.data, []);
  });

  test('other account_update events go to the WABA with their details', async () => {
    const details = { ban_info: { waba_ban_state: 'DISABLE', waba_ban_date: 'April 17, 2025' } };
    await control('account-update', { waba_id: ACME_WABA, event: 'DISABLED_UPDATE', details });
    await waitFor(() => webhooks.some((w) => w.value.event === 'DISABLED_UPDATE'));
    const event = webhooks.find((w) => w.value.event === 'DISABLED_UPDATE')!;
    assert.deepEqual([event.entryId, event.field, event.value], [ACME_WABA, 'account_update', { event: 'DISABLED_UPDATE', ...details }]);
    assert.equal((await control('account-update', { waba_id: ACME_WABA, event: 'BAN' })).status, 400);
  });

  test('phone_number_quality_update with any event, as it is', async () => {
    const { status } = await control(`phone-numbers/${ACME_PHONE}`, { event: 'ONBOARDING' });
    assert.equal(status, 200);
    await waitFor(() => webhooks.some((w) => w.field === 'phone_number_quality_update' && w.value.event === 'ONBOARDING'));
    const event = webhooks.find((w) => w.value.event === 'ONBOARDING')!;
    assert.equal(event.entryId, ACME_WABA);
    assert.deepEqual(Object.keys(event.value).sort(), ['current_limit', 'display_phone_number', 'event', 'max_daily_conversations_per_business']);
    assert.equal(event.value.display_phone_number, '15550100001');
  });

  // Remaining error paths

  test('debug_token without input_token is code 100', async () => {
    const { status, json } = await graph('GET', 'debug_token', APP_TOKEN);
    assert.deepEqual([status, json.error.code], [400, 100]);
  });

  test('the popup refuses unknown sessions (404) and numbers it did not offer (400)', async () => {
    const post = (action: string, body: unknown) => fetch(`${sim.url}/embedded-signup/${action}`, { method: 'POST', body: JSON.stringify(body) });
    assert.equal((await post('finish', { session: 'nope' })).status, 404);
    const page = await (await fetch(`${sim.url}/embedded-signup?app_id=${APP_ID}&config_id=sim-signup-config&origin=http://app.test`)).text();
    const session = /data-session="([^"]+)"/.exec(page)![1]!;
    assert.equal((await post('finish', { session, phone_number_id: ACME_PHONE })).status, 400);
    assert.equal((await post('finish', { session })).status, 200, 'the first offered number by default');
    assert.equal((await fetch(`${sim.url}/embedded-signup/nowhere`, { method: 'POST', body: '{}' })).status, 404);
  });

  test('a WABA holds at most 250 templates (2388019)', async () => {
    const { message } = await signup();
    const waba = message.data.waba_id as string; // it has hello_world already
    for (let i = 1; i < 250; i += 1) {
      const { status } = await graph('POST', `${waba}/message_templates`, APP_TOKEN, utility(`bulk_${i}`, 'Hello there.'));
      assert.equal(status, 200);
    }
    const full = await graph('POST', `${waba}/message_templates`, APP_TOKEN, utility('one_too_many', 'Hello there.'));
    assert.deepEqual([full.json.error.code, full.json.error.error_subcode], [100, 2388019]);
  });

  test('a DISABLED template cannot be deleted', async () => {
    await graph('POST', `${ACME_WABA}/message_templates`, APP_TOKEN, utility('soon_disabled', 'Hello there.'));
    await control('templates/soon_disabled', { status: 'DISABLED', waba_id: ACME_WABA });
    const { json } = await graph('DELETE', `${ACME_WABA}/message_templates?name=soon_disabled`, APP_TOKEN);
    assert.equal(json.error.code, 100);
    assert.equal((await graph('DELETE', `${ACME_WABA}/message_templates`, APP_TOKEN)).json.error.code, 100, 'name is required');
  });

  test('explicit flags win when a business is upserted again', async () => {
    const waba = '700000000000009';
    await control('businesses', { waba_id: waba, phone_numbers: [] });
    assert.equal((await graph('GET', `${waba}/subscribed_apps`, APP_TOKEN)).json.data.length, 1);
    await control('businesses', { waba_id: waba, subscribed: false, phone_numbers: [] });
    assert.equal((await graph('GET', `${waba}/subscribed_apps`, APP_TOKEN)).json.data.length, 0);
  });
  test('resumable upload: a session for the app, the bytes with OAuth, a handle; the wrong length is refused', async () => {
    const open = await fetch(`${sim.url}/v23.0/${APP_ID}/uploads?file_name=a.png&file_length=4&file_type=image/png`, {
      method: 'POST',
      headers: { authorization: `Bearer ${APP_TOKEN}` },
    });
    const { id } = (await open.json()) as { id: string };
    assert.match(id, /^upload:/);
    const send = (bytes: string) =>
      fetch(`${sim.url}/v23.0/${id}`, { method: 'POST', headers: { authorization: `OAuth ${APP_TOKEN}`, file_offset: '0' }, body: bytes });
    assert.equal((await send('12345')).status, 400);
    const done = (await (await send('1234')).json()) as { h: string };
    assert.match(done.h, /^4::/);
    assert.equal((await send('1234')).status, 400, 'a finished session is gone');
  });

  test('an authentication template is submitted as options and listed as the platform writes it', async () => {
    const { json } = await graph('POST', `${ACME_WABA}/message_templates`, APP_TOKEN, {
      name: 'login_code_v2',
      language: 'en_US',
      category: 'AUTHENTICATION',
      components: [
        { type: 'BODY', add_security_recommendation: true },
        { type: 'FOOTER', code_expiration_minutes: 10 },
        { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'copy_code', text: 'Copy code' }] },
      ],
    });
    const listed = (await graph('GET', json.id, APP_TOKEN)).json;
    assert.deepEqual(listed.components, [
      { type: 'BODY', text: '{{1}} is your verification code. For your security, do not share this code.', example: { body_text: [['123456']] } },
      { type: 'FOOTER', text: 'This code expires in 10 minutes.' },
      {
        type: 'BUTTONS',
        buttons: [{ type: 'URL', text: 'Copy code', url: 'https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE&code=otp{{1}}' }],
      },
    ]);
  });
});
