import type { SimContext } from './context';
import { GraphError, invalidParameter } from './graph-error';
import { parseJson } from './http';
import { selectFields } from './phone-fields';
import type { Phone } from './state';
import { oauthError, SCOPES, tokenView } from './tokens';

/** Onboarding calls: code exchange, token inspection, WABA fields, webhook subscription, registration. */

const APP_NAME = 'Simulated App';

/** `GET /{v}/oauth/access_token?client_id&client_secret&code`: a one-time code for a business token. */
export function exchangeCode(ctx: SimContext, url: URL) {
  const param = (name: string) => url.searchParams.get(name);
  for (const name of ['client_id', 'client_secret', 'code']) {
    if (!param(name)) throw oauthError(100, `Missing ${name === 'code' ? 'code' : name} parameter.`);
  }
  if (param('client_id') !== ctx.app.id) throw oauthError(101, 'Error validating application. Invalid application ID.');
  if (param('client_secret') !== ctx.app.secret) throw oauthError(1, 'Error validating client secret.');
  const token = ctx.tokens.redeem(param('code')!);
  const expiresIn = token.expiresAt === 0 ? {} : { expires_in: token.expiresAt - Math.floor(Date.now() / 1000) };
  return { access_token: token.token, token_type: 'bearer', ...expiresIn };
}

/** `GET /{v}/debug_token?input_token=`: what a token is and may reach (granted WABAs newest first). */
export function debugToken(ctx: SimContext, url: URL) {
  const input = url.searchParams.get('input_token');
  if (!input) throw oauthError(100, 'The parameter input_token is required');
  const base = { app_id: ctx.app.id, type: 'SYSTEM_USER', application: APP_NAME };
  if (input === ctx.app.accessToken) {
    const all = [...ctx.state.wabas.keys()].reverse();
    return {
      data: {
        ...base,
        data_access_expires_at: 0,
        expires_at: 0,
        is_valid: true,
        issued_at: 0,
        scopes: [...SCOPES, 'business_management'],
        granular_scopes: SCOPES.map((scope) => ({ scope, target_ids: all })),
        user_id: '100000000000000',
      },
    };
  }
  const token = ctx.tokens.get(input);
  if (!token) {
    return {
      data: {
        is_valid: false,
        scopes: [],
        error: { code: 190, message: 'Invalid OAuth access token - Cannot parse access token', subcode: 467 },
      },
    };
  }
  const view = tokenView(token);
  return {
    data: {
      ...base,
      data_access_expires_at: 0,
      expires_at: token.expiresAt,
      is_valid: view.is_valid,
      issued_at: token.issuedAt,
      scopes: token.scopes,
      granular_scopes: token.scopes.map((scope) => ({ scope, target_ids: token.wabaIds })),
      user_id: token.userId,
      ...(token.revoked
        ? { error: { code: 190, message: 'Error validating access token: The user has not authorized application.', subcode: 458 } }
        : !view.is_valid
          ? { error: { code: 190, message: 'Error validating access token: Session has expired.', subcode: 463 } }
          : {}),
    },
  };
}

const WABA_DEFAULT_FIELDS = ['id', 'name', 'timezone_id', 'message_template_namespace'];

/** `GET /{v}/{waba_id}?fields=…`. */
export function wabaFields(ctx: SimContext, wabaId: string, url: URL) {
  const waba = ctx.state.waba(wabaId);
  const all = {
    id: waba.id,
    name: waba.name,
    currency: 'USD',
    timezone_id: '1',
    message_template_namespace: `sim_${waba.id}`,
    account_review_status: 'APPROVED',
    business_verification_status: 'verified',
    country: 'US',
    ownership_type: 'CLIENT_OWNED',
    primary_business_location: 'US',
    owner_business_info: { id: waba.businessId, name: waba.name },
  };
  return selectFields(all, url.searchParams.get('fields') ?? undefined, WABA_DEFAULT_FIELDS, 'WhatsAppBusinessAccount');
}

/** `POST/GET/DELETE /{v}/{waba_id}/subscribed_apps`: whether the app gets this WABA's webhooks. */
export function subscribedApps(ctx: SimContext, method: string, wabaId: string, raw: Buffer) {
  const waba = ctx.state.waba(wabaId);
  if (method === 'GET') {
    return {
      data: [...waba.subscribedApps].map(([appId, app]) => ({
        whatsapp_business_api_data: { id: appId, name: APP_NAME, link: `https://www.facebook.com/games/?app_id=${appId}` },
        ...(app.overrideCallbackUri ? { override_callback_uri: app.overrideCallbackUri } : {}),
      })),
    };
  }
  if (method === 'DELETE') {
    waba.subscribedApps.delete(ctx.app.id);
    return { success: true };
  }
  if (method !== 'POST') throw new GraphError(100, `Unsupported ${method.toLowerCase()} request`, `No ${method} handler for subscribed_apps`);
  const body = raw.length ? parseJson(raw) : {};
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined;
  if (!fields) throw invalidParameter('Request body is not valid JSON');
  const uri = fields.override_callback_uri;
  if (uri !== undefined) {
    if (typeof uri !== 'string' || uri.length > 200 || !/^https:\/\//.test(uri)) {
      throw invalidParameter('override_callback_uri must be an https URL of at most 200 characters');
    }
    if (typeof fields.verify_token !== 'string' || !fields.verify_token)
      throw invalidParameter('verify_token is required with override_callback_uri');
  }
  // Subscribing again without a body clears an override.
  waba.subscribedApps.set(ctx.app.id, typeof uri === 'string' ? { overrideCallbackUri: uri } : {});
  return { success: true };
}

/** Register and deregister calls: 10 per number per 72 hours (moving window). */
const REGISTRATION_WINDOW_MS = 72 * 3600_000;
const REGISTRATION_CALLS = 10;
/** Wrong PINs in a row before guessing is blocked, and for how long. */
export const PIN_GUESSES = 5;
const PIN_BLOCK_MS = 3600_000;

/** `POST /{v}/{phone_id}/register` (with the 2FA PIN) and `/deregister`. */
export function registration(ctx: SimContext, edge: 'register' | 'deregister', phoneId: string, raw: Buffer) {
  const phone = ctx.state.phone(phoneId);
  const body = parseJson(raw);
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (edge === 'register') {
    if (fields.messaging_product !== 'whatsapp') throw invalidParameter('messaging_product must be "whatsapp"');
    if (typeof fields.pin !== 'string' || !/^\d{6}$/.test(fields.pin)) throw invalidParameter('pin must be a 6-digit string');
  }
  takeRegistrationCall(phone);
  if (edge === 'deregister') {
    phone.registered = false;
    return { success: true };
  }
  checkPin(phone, fields.pin as string);
  phone.registered = true;
  phone.onboardedAt ??= Date.now();
  return { success: true };
}

function takeRegistrationCall(phone: Phone): void {
  const now = Date.now();
  phone.registrationCalls = phone.registrationCalls.filter((at) => now - at < REGISTRATION_WINDOW_MS);
  if (phone.registrationCalls.length >= REGISTRATION_CALLS) {
    throw new GraphError(
      133016,
      'Account register deregister rate limit exceeded',
      `Registration or deregistration was called more than ${REGISTRATION_CALLS} times in 72 hours for this phone number; try again after 72 hours`,
    );
  }
  phone.registrationCalls.push(now);
}

/** A number with a PIN wants that PIN; the first registration sets it. */
function checkPin(phone: Phone, pin: string): void {
  const now = Date.now();
  if (phone.pinLockedUntil !== undefined && phone.pinLockedUntil > now) throw tooManyGuesses(phone.pinLockedUntil);
  if (phone.pin === undefined) {
    phone.pin = pin;
    return;
  }
  if (phone.pin === pin) {
    phone.pinGuesses = 0;
    phone.pinLockedUntil = undefined;
    return;
  }
  phone.pinGuesses += 1;
  if (phone.pinGuesses >= PIN_GUESSES) {
    phone.pinLockedUntil = now + PIN_BLOCK_MS;
    phone.pinGuesses = 0;
    throw tooManyGuesses(phone.pinLockedUntil);
  }
  throw new GraphError(133005, 'Two step verification PIN Mismatch', 'The two-step verification PIN is incorrect');
}

const tooManyGuesses = (until: number) =>
  new GraphError(133008, 'Too many two step verification PIN guesses for this phone number', `Try again after ${new Date(until).toISOString()}`);
