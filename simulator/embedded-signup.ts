import { randomBytes, randomInt } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { PlatformTemplate } from '../server/seed/demo-world';
import type { SimContext } from './context';
import type { SignupOutcome, SignupSession, SignupSettings } from './signup-store';
import { ControlError } from './control-error';
import { parseJson } from './http';
import { numericIdOf } from './state';
import { freshTemplateId } from './template-management';
import { accountUpdateWebhook } from './webhook-events';

/**
 * A stand-in for the platform's JavaScript SDK and its Embedded Signup popup: `FB.init` and
 * `FB.login` open a page on the simulator showing a fake business; Finish creates that business
 * (its WABA and numbers, unregistered, no app subscribed) and a one-time code, Cancel or
 * "Report a problem" end without one. The popup posts the session-info message to its opener
 * and the SDK calls the login callback, as the real ones do.
 */

export function handleSignupRoute(
  ctx: SimContext,
  method: string,
  url: URL,
  rest: string[],
  raw: Buffer,
  origin: string,
  res: ServerResponse,
): void {
  const action = rest.join('/');
  if (method === 'GET' && action === '') return openPopup(ctx, url, origin, res);
  if (method === 'GET' && action === 'result') return sendCors(res, 200, signupResult(ctx, url.searchParams.get('session') ?? ''));
  if (method === 'OPTIONS') return sendCors(res, 204, undefined);
  const body = parseJson(raw);
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const session = ctx.signups.sessions.get(typeof fields.session === 'string' ? fields.session : '');
  if (method !== 'POST' || !['finish', 'cancel', 'error'].includes(action)) throw new ControlError(404, `No route ${method} ${url.pathname}`);
  if (!session) throw new ControlError(404, 'No such signup session');
  if (session.result) throw new ControlError(409, 'This signup already ended');
  const outcome = action === 'finish' ? (session.settings.outcome ?? 'finish') : (action as SignupOutcome);
  const phoneId = typeof fields.phone_number_id === 'string' ? fields.phone_number_id : session.numbers[0]!.id;
  if (!session.numbers.some((n) => n.id === phoneId)) throw new ControlError(400, 'phone_number_id: not one of the offered numbers');
  const errorMessage = typeof fields.error_message === 'string' && fields.error_message ? fields.error_message : undefined;
  sendCors(res, 200, endSignup(ctx, session, outcome, phoneId, errorMessage));
}

/** The popup page; an unknown app or configuration gets an error page instead. */
function openPopup(ctx: SimContext, url: URL, origin: string, res: ServerResponse): void {
  const appId = url.searchParams.get('app_id');
  const configId = url.searchParams.get('config_id');
  const opener = url.searchParams.get('origin') ?? '';
  let problem: string | undefined;
  if (appId !== ctx.app.id) problem = `Invalid App ID: ${appId ?? '(none)'}`;
  else if (configId !== ctx.app.signupConfigId) problem = `Invalid configuration: ${configId ?? '(none)'}`;
  else if (!isOrigin(opener)) problem = 'The page that opened the signup did not say its origin';
  if (problem) return sendHtml(res, 400, errorPage(problem));
  const requested = url.searchParams.get('session');
  const id =
    requested && /^[A-Za-z0-9_-]{8,64}$/.test(requested) && !ctx.signups.sessions.has(requested) ? requested : randomBytes(12).toString('hex');
  const session = newSession(ctx, id, opener, ctx.signups.takeNext());
  ctx.signups.add(session);
  sendHtml(res, 200, popupPage(session, origin));
}

function isOrigin(value: string): boolean {
  try {
    const parsed = new URL(value);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin === value;
  } catch {
    return false;
  }
}

const freshId = (ctx: SimContext, lead: string) => {
  for (;;) {
    const id = `${lead}${randomInt(10_000_000, 99_999_999)}${randomInt(100_000, 999_999)}`;
    if (!ctx.state.wabas.has(id) && !ctx.state.phones.has(id)) return id;
  }
};

function newSession(ctx: SimContext, id: string, openerOrigin: string, settings: SignupSettings): SignupSession {
  const suffix = randomInt(1000, 9999);
  const businessName = settings.business_name ?? `Signup Business ${suffix}`;
  const numbers = Array.from({ length: settings.phone_count ?? 1 }, (_, i) => {
    const digits = String(randomInt(0, 10_000_000)).padStart(7, '0');
    return {
      id: freshId(ctx, '6'),
      display_phone_number: `+1 555-${digits.slice(0, 3)}-${digits.slice(3)}`,
      verified_name: i === 0 ? businessName : `${businessName} ${i + 1}`,
    };
  });
  return { id, openerOrigin, businessName, businessId: freshId(ctx, '4'), wabaId: freshId(ctx, '5'), numbers, settings, createdAt: Date.now() };
}

/** The sample template every new WABA comes with. */
const helloWorld = (): PlatformTemplate => ({
  id: freshTemplateId(),
  name: 'hello_world',
  language: 'en_US',
  status: 'APPROVED',
  category: 'UTILITY',
  parameter_format: 'POSITIONAL',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Hello World' },
    {
      type: 'BODY',
      text: 'Welcome and congratulations!! This message demonstrates your ability to send a WhatsApp message notification from the Cloud API, hosted by Meta. Thank you for taking the time to test with us.',
    },
    { type: 'FOOTER', text: 'WhatsApp Business Platform sample message' },
  ],
});

function endSignup(ctx: SimContext, session: SignupSession, outcome: SignupOutcome, phoneId: string, errorMessage?: string) {
  let message: Record<string, unknown>;
  let code: string | undefined;
  if (outcome === 'finish') {
    ctx.state.upsertBusiness({
      waba_id: session.wabaId,
      name: session.businessName,
      business_id: session.businessId,
      subscribed: false,
      registered: false,
      phone_numbers: session.numbers.map((n) => ({ ...n, quality_rating: 'UNKNOWN' as const })),
      templates: [helloWorld()],
    });
    for (const n of session.numbers) {
      const phone = ctx.state.phones.get(n.id)!;
      phone.onboardedAt = Date.now();
      if (session.settings.pin) phone.pin = session.settings.pin;
    }
    code = ctx.tokens.issueCode(session.wabaId, session.settings.token_expires_in ?? 0);
    message = {
      type: 'WA_EMBEDDED_SIGNUP',
      event: 'FINISH',
      data: { phone_number_id: phoneId, waba_id: session.wabaId, business_id: session.businessId },
    };
    ctx.webhooks.send(
      accountUpdateWebhook(appBusinessId(ctx), 'PARTNER_ADDED', {
        waba_id: session.wabaId,
        owner_business_id: session.businessId,
        partner_app_id: ctx.app.id,
      }),
    );
  } else if (outcome === 'cancel') {
    message = {
      type: 'WA_EMBEDDED_SIGNUP',
      event: 'CANCEL',
      data: { current_step: session.settings.current_step ?? 'PHONE_NUMBER_SETUP' },
      version: 3,
    };
  } else {
    message = {
      type: 'WA_EMBEDDED_SIGNUP',
      event: 'CANCEL',
      data: {
        error_message:
          session.settings.error_message ?? errorMessage ?? 'An unexpected error occurred while setting up the WhatsApp Business account.',
        error_id: String(randomInt(100_000, 999_999)),
        session_id: session.id,
        timestamp: Math.floor(Date.now() / 1000),
      },
    };
  }
  const text = JSON.stringify(message);
  session.result = { outcome, message: text, ...(code ? { code, phoneNumberId: phoneId } : {}) };
  return { message: text, target_origin: session.openerOrigin, ...(code ? { code } : {}) };
}

/** The app's own business (the tech provider's): `entry[].id` of partner events. */
export const appBusinessId = (ctx: SimContext) => numericIdOf(`app-business:${ctx.app.id}`);

/** A session as the control API lists it. */
export function signupView(s: SignupSession) {
  return {
    session: s.id,
    opener_origin: s.openerOrigin,
    business_name: s.businessName,
    business_id: s.businessId,
    waba_id: s.wabaId,
    phone_numbers: s.numbers,
    created_at: new Date(s.createdAt).toISOString(),
    outcome: s.result?.outcome ?? null,
    phone_number_id: s.result?.phoneNumberId ?? null,
  };
}

/** What the SDK hands the login callback once the popup is gone. */
function signupResult(ctx: SimContext, sessionId: string) {
  const result = ctx.signups.sessions.get(sessionId)?.result;
  if (result?.code) return { authResponse: { code: result.code, userID: null, expiresIn: null, graphDomain: 'facebook' }, status: 'connected' };
  return { authResponse: null, status: 'unknown' };
}

function sendCors(res: ServerResponse, status: number, body: unknown): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Headers': 'content-type',
    'Access-Control-Allow-Methods': 'GET, POST',
  });
  res.end(text);
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html), 'Cache-Control': 'no-store' });
  res.end(html);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const PAGE_STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1.5rem;color:#1c1e21;background:#f0f2f5}
main{max-width:32rem;margin:auto;background:#fff;border-radius:8px;padding:1.5rem}
fieldset{border:1px solid #ccd0d5;border-radius:6px}label{display:block;padding:.25rem 0}
button{font:inherit;padding:.5rem 1rem;margin:.5rem .5rem 0 0;border-radius:6px;border:1px solid #1877f2;background:#fff;color:#1877f2;cursor:pointer}
button.primary{background:#1877f2;color:#fff}button:focus-visible{outline:3px solid #0b3d91;outline-offset:2px}
dt{font-weight:600}dd{margin:0 0 .5rem}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body>${body}</body></html>`;
}

function errorPage(problem: string): string {
  return page('Embedded Signup error', `<main><h1>Embedded Signup could not start</h1><p role="alert">${escapeHtml(problem)}</p></main>`);
}

function popupPage(session: SignupSession, origin: string): string {
  const numbers = session.numbers
    .map(
      (n, i) =>
        `<label><input type="radio" name="phone_number_id" value="${escapeHtml(n.id)}"${i === 0 ? ' checked' : ''}> ${escapeHtml(n.display_phone_number)} (${escapeHtml(n.verified_name)})</label>`,
    )
    .join('\n');
  return page(
    'Connect your WhatsApp Business account',
    `<main data-session="${escapeHtml(session.id)}" data-opener-origin="${escapeHtml(session.openerOrigin)}" data-origin="${escapeHtml(origin)}">
<h1>Connect your WhatsApp Business account</h1>
<p>Simulated Embedded Signup: nothing leaves this machine.</p>
<dl><dt>Business</dt><dd id="business-name">${escapeHtml(session.businessName)} (${escapeHtml(session.businessId)})</dd>
<dt>WhatsApp Business account</dt><dd id="waba-id">${escapeHtml(session.wabaId)}</dd></dl>
<form id="signup"><fieldset><legend>Choose a phone number</legend>
${numbers}
</fieldset>
<button type="submit" class="primary" id="finish">Finish</button>
<button type="button" id="cancel">Cancel</button>
<button type="button" id="report-error">Report a problem</button>
</form>
<p role="status" id="status"></p>
</main>
<script>${POPUP_SCRIPT}</script>`,
  );
}

/** Posts the outcome to the simulator, then the session-info message to the opener, and closes. */
const POPUP_SCRIPT = `(function () {
  var main = document.querySelector('main');
  var status = document.getElementById('status');
  function end(action) {
    var picked = document.querySelector('input[name=phone_number_id]:checked');
    var body = { session: main.dataset.session, phone_number_id: picked ? picked.value : undefined };
    if (action === 'error') body.error_message = 'The person reported a problem during signup.';
    status.textContent = 'Working\\u2026';
    fetch(main.dataset.origin + '/embedded-signup/' + action, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body)
    }).then(function (res) { return res.json(); }).then(function (answer) {
      if (!answer.message) { status.textContent = answer.error || 'Signup failed'; return; }
      if (window.opener) window.opener.postMessage(answer.message, answer.target_origin);
      status.textContent = 'Done. You can close this window.';
      window.close();
    }, function () { status.textContent = 'The simulator did not answer.'; });
  }
  document.getElementById('signup').addEventListener('submit', function (e) { e.preventDefault(); end('finish'); });
  document.getElementById('cancel').addEventListener('click', function () { end('cancel'); });
  document.getElementById('report-error').addEventListener('click', function () { end('error'); });
})();`;

/** `GET /sdk.js`: window.FB with init, login (and getLoginStatus, for completeness). */
export function sdkScript(ctx: SimContext, origin: string): string {
  return `/* Platform simulator: a stand-in for the JavaScript SDK's Embedded Signup. */
(function () {
  var SIM = ${JSON.stringify(origin)}, APP_ID = ${JSON.stringify(ctx.app.id)}, CONFIG_ID = ${JSON.stringify(ctx.app.signupConfigId)};
  var settings = null;
  function fail(cb, message) {
    console.error('FB: ' + message);
    if (typeof cb === 'function') setTimeout(function () { cb({ authResponse: null, status: 'unknown', error: { message: message } }); }, 0);
  }
  function sessionId() {
    return (window.crypto && crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2) + Date.now()).replace(/[^A-Za-z0-9]/g, '');
  }
  window.FB = {
    init: function (opts) {
      opts = opts || {};
      settings = String(opts.appId) === APP_ID ? { appId: APP_ID, version: opts.version } : { error: 'Invalid App ID: ' + opts.appId };
      if (settings.error) console.error('FB: ' + settings.error);
    },
    getLoginStatus: function (cb) { if (typeof cb === 'function') cb({ status: 'unknown', authResponse: null }); },
    login: function (cb, opts) {
      opts = opts || {};
      if (!settings) return fail(cb, 'FB.login() called before FB.init().');
      if (settings.error) return fail(cb, settings.error);
      if (opts.config_id !== CONFIG_ID) return fail(cb, 'Invalid config_id: ' + opts.config_id);
      if (opts.response_type !== 'code') return fail(cb, "Embedded Signup needs response_type: 'code'");
      var session = sessionId();
      var query = new URLSearchParams({ app_id: settings.appId, config_id: opts.config_id, origin: location.origin, session: session });
      var popup = window.open(SIM + '/embedded-signup?' + query.toString(), 'wa_embedded_signup', 'width=600,height=720');
      if (!popup) return fail(cb, 'The signup window was blocked.');
      var timer = setInterval(function () {
        if (!popup.closed) return;
        clearInterval(timer);
        fetch(SIM + '/embedded-signup/result?session=' + session)
          .then(function (res) { return res.json(); })
          .then(function (answer) { if (typeof cb === 'function') cb(answer); }, function () { fail(cb, 'The simulator did not answer.'); });
      }, 200);
    }
  };
  if (typeof window.fbAsyncInit === 'function') window.fbAsyncInit();
})();
`;
}
