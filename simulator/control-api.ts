import type { z } from 'zod';
import type { SimContext } from './context';
import {
  accountUpdateSchema,
  businessSchema,
  codeSchema,
  echoSchema,
  historySchema,
  holdSchema,
  inboundSchema,
  phoneUpdateSchema,
  QUALITY_ORDER,
  registrationSchema,
  signupNextSchema,
  reactSchema,
  tapSchema,
  tokenIssueSchema,
  tokenUpdateSchema,
  TIER_ORDER,
  templateUpdateSchema,
} from './control-schemas';
import { storeMedia, mediaInfo } from './graph-media';
import { digitsOf, parseJson } from './http';
import { newWamid } from './send-message';
import type { Phone } from './state';
import { CODE_TTL_MS, tokenView } from './tokens';
import { appBusinessId, signupView } from './embedded-signup';
import { ControlError } from './control-error';
import { accountUpdateWebhook, echoWebhook, inboundWebhook, phoneQualityWebhook, templateStatusWebhook } from './webhook-events';

/** The simulator's own control API (an extension; not part of the platform). */

function parse<T extends z.ZodType>(schema: T, raw: Buffer): z.infer<T> {
  const result = schema.safeParse(parseJson(raw));
  if (!result.success) {
    throw new ControlError(400, result.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
  }
  return result.data;
}

export function handleControl(ctx: SimContext, method: string, url: URL, segments: string[], raw: Buffer, origin: string): unknown {
  const [name, arg] = segments;
  const route = `${method} ${name}${arg !== undefined ? '/:arg' : ''}`;
  switch (route) {
    case 'GET health':
      return { ok: true };
    case 'POST inbound':
      return inbound(ctx, parse(inboundSchema, raw), origin);
    case 'POST echo':
      return echo(ctx, parse(echoSchema, raw));
    case 'POST react':
      return react(ctx, parse(reactSchema, raw));
    case 'POST tap':
      return tap(ctx, parse(tapSchema, raw));
    case 'POST history':
      return history(ctx, parse(historySchema, raw));
    case 'POST phone-numbers/:arg':
      return updatePhone(ctx, arg!, parse(phoneUpdateSchema, raw));
    case 'POST templates/:arg':
      return updateTemplate(ctx, arg!, parse(templateUpdateSchema, raw));
    case 'POST businesses': {
      const waba = ctx.state.upsertBusiness(parse(businessSchema, raw));
      return { waba_id: waba.id, phone_numbers: ctx.state.phonesOf(waba.id).map((p) => p.id), templates: waba.templates.length };
    }
    case 'GET sent':
      return sent(ctx, url);
    case 'GET reads': {
      const wamid = url.searchParams.get('wamid');
      if (!wamid) throw new ControlError(400, 'wamid: required');
      const data = (ctx.state.reads.get(wamid) ?? []).map((r) => ({ phone_id: r.phoneId, typing: r.typing, at: new Date(r.at).toISOString() }));
      return { data };
    }
    case 'POST hold': {
      const { to, accepted } = parse(holdSchema, raw);
      ctx.holds.arm(digitsOf(to), accepted);
      return { to: digitsOf(to), accepted };
    }
    case 'GET held':
      return { data: ctx.holds.list() };
    case 'GET stats':
      return ctx.state.stats();
    case 'GET tokens':
      return { data: ctx.tokens.list().map(tokenView) };
    case 'POST tokens': {
      const body = parse(tokenIssueSchema, raw);
      return tokenView(ctx.tokens.issue(body.waba_ids, body.expires_in, body.scopes));
    }
    case 'POST signup/:arg': {
      if (arg !== 'next') throw new ControlError(404, `No control route ${method} ${url.pathname}`);
      const settings = parse(signupNextSchema, raw);
      ctx.signups.setNext(settings);
      return { next: settings };
    }
    case 'GET signup/:arg': {
      if (arg !== 'sessions') throw new ControlError(404, `No control route ${method} ${url.pathname}`);
      return { data: [...ctx.signups.sessions.values()].reverse().map(signupView) };
    }
    case 'POST account-update':
      return accountUpdate(ctx, parse(accountUpdateSchema, raw));
    case 'POST codes': {
      const body = parse(codeSchema, raw);
      ctx.state.waba(body.waba_id);
      return { code: ctx.tokens.issueCode(body.waba_id, body.token_expires_in), expires_in: CODE_TTL_MS / 1000 };
    }
    case 'POST tokens/:arg':
      return updateToken(ctx, arg!, parse(tokenUpdateSchema, raw));
    case 'POST registration/:arg':
      return updateRegistration(ctx, arg!, parse(registrationSchema, raw));
    default:
      throw new ControlError(404, `No control route ${method} ${url.pathname}`);
  }
}

/** A customer message arrives: the 24 h window opens and the app gets the webhook. */
function deliverInbound(
  ctx: SimContext,
  phone: Phone,
  customer: { digits: string; name: string },
  message: Record<string, unknown> & { type: string },
) {
  const now = Date.now();
  const wamid = newWamid();
  ctx.state.noteInbound(phone.id, customer.digits, now);
  ctx.state.recordReceived(wamid);
  ctx.webhooks.send(inboundWebhook(phone, customer, { id: wamid, ...message }, now));
  return { wamid };
}

/** Past customer messages (a seeded history): their windows count, and no webhook is sent. */
function history(ctx: SimContext, body: z.infer<typeof historySchema>) {
  const phone = ctx.state.phone(body.phone_id);
  const digits = digitsOf(body.from);
  ctx.state.noteInbound(phone.id, digits, Date.parse(body.inbound_at));
  const windowOpen = ctx.state.windowOpen(phone.id, digits, Date.now());
  return { phone_id: phone.id, from: digits, window_open: windowOpen };
}

function inbound(ctx: SimContext, body: z.infer<typeof inboundSchema>, origin: string) {
  const phone = ctx.state.phone(body.phone_id);
  const digits = digitsOf(body.from);
  const customer = { digits, name: body.name ?? `Customer ${digits.slice(-4)}` };
  const context = body.context_wamid ? { context: { from: digitsOf(phone.display_phone_number), id: body.context_wamid } } : {};
  if (body.type === 'text') return deliverInbound(ctx, phone, customer, { type: 'text', text: { body: body.text }, ...context });
  if (body.kind) return deliverInbound(ctx, phone, customer, { ...context, ...body.kind, type: body.type });
  const m = body.media!;
  const media = storeMedia(ctx, phone.id, Buffer.from(m.data_base64, 'base64'), m.mime_type, m.filename);
  const { url } = mediaInfo(ctx, media, origin);
  return deliverInbound(ctx, phone, customer, {
    type: body.type,
    [body.type]: {
      id: media.id,
      mime_type: media.mimeType,
      sha256: media.sha256,
      url,
      ...(m.caption !== undefined ? { caption: m.caption } : {}),
      ...(m.filename !== undefined && body.type === 'document' ? { filename: m.filename } : {}),
      ...(body.type === 'audio' ? { voice: m.voice ?? false } : {}),
      ...(body.type === 'sticker' ? { animated: m.animated ?? false } : {}),
    },
    ...context,
  });
}

/** Staff wrote from the WhatsApp Business app (coexistence): the app gets an `smb_message_echoes` webhook. */
function echo(ctx: SimContext, body: z.infer<typeof echoSchema>) {
  const phone = ctx.state.phone(body.phone_id);
  const wamid = newWamid();
  ctx.webhooks.send(echoWebhook(phone, digitsOf(body.to), { id: wamid, type: 'text', text: { body: body.text } }, Date.now()));
  return { wamid };
}

type Obj = Record<string, unknown>;
const asObj = (v: unknown): Obj => (typeof v === 'object' && v !== null ? (v as Obj) : {});

function tap(ctx: SimContext, body: z.infer<typeof tapSchema>) {
  const record = ctx.state.sent.get(body.wamid);
  if (!record) throw new ControlError(404, `No accepted message ${body.wamid}`);
  const phone = ctx.state.phone(record.phoneId);
  const customer = { digits: record.toDigits, name: `Customer ${record.toDigits.slice(-4)}` };
  const context = { from: digitsOf(phone.display_phone_number), id: record.wamid };
  const index = body.button_index;

  if (record.body.type === 'interactive') {
    const buttons = asObj(asObj(record.body.interactive).action).buttons;
    const reply = Array.isArray(buttons) ? asObj(asObj(buttons[index]).reply) : {};
    if (typeof reply.id !== 'string') throw new ControlError(400, `Message has no reply button ${index}`);
    return deliverInbound(ctx, phone, customer, {
      type: 'interactive',
      context,
      interactive: { type: 'button_reply', button_reply: { id: reply.id, title: reply.title } },
    });
  }
  const sentTemplate = asObj(record.body.template);
  const template = ctx.state.waba(phone.wabaId).templates.find((t) => t.name === sentTemplate.name);
  const buttons = template?.components.find((c) => c.type === 'BUTTONS');
  const button = buttons && 'buttons' in buttons ? buttons.buttons[index] : undefined;
  if (button?.type !== 'QUICK_REPLY') throw new ControlError(400, `Message has no quick-reply button ${index}`);
  // The payload chosen at send time for that button, else the platform uses the label.
  const components = Array.isArray(sentTemplate.components) ? sentTemplate.components.map(asObj) : [];
  const sentButton = components.find((c) => c.type === 'button' && c.sub_type === 'quick_reply' && Number(c.index) === index);
  const params = Array.isArray(sentButton?.parameters) ? sentButton.parameters.map(asObj) : [];
  const payload = typeof params[0]?.payload === 'string' ? params[0].payload : button.text;
  return deliverInbound(ctx, phone, customer, { type: 'button', context, button: { payload, text: button.text } });
}

/**
 * The customer reacts to (or, without an emoji, un-reacts to) a message the business sent: the
 * platform's reaction webhook. The simulator does not count a reaction as opening the 24-hour window.
 */
function react(ctx: SimContext, body: z.infer<typeof reactSchema>) {
  const record = ctx.state.sent.get(body.wamid);
  if (!record) throw new ControlError(404, `No accepted message ${body.wamid}`);
  const phone = ctx.state.phone(record.phoneId);
  const customer = { digits: record.toDigits, name: `Customer ${record.toDigits.slice(-4)}` };
  const wamid = newWamid();
  const reaction = { message_id: record.wamid, ...(body.emoji !== undefined ? { emoji: body.emoji } : {}) };
  ctx.webhooks.send(inboundWebhook(phone, customer, { id: wamid, type: 'reaction', reaction }, Date.now()));
  return { wamid };
}

function updatePhone(ctx: SimContext, phoneId: string, body: z.infer<typeof phoneUpdateSchema>) {
  const phone = ctx.state.phone(phoneId);
  const waba = ctx.state.waba(phone.wabaId);
  const oldTier = waba.tier;
  if (body.messaging_limit_tier && body.messaging_limit_tier !== oldTier) {
    waba.tier = body.messaging_limit_tier;
    const up = TIER_ORDER.indexOf(waba.tier) > TIER_ORDER.indexOf(oldTier);
    ctx.webhooks.send(phoneQualityWebhook(phone, up ? 'UPGRADE' : 'DOWNGRADE', waba.tier, oldTier));
  }
  if (body.quality_rating && body.quality_rating !== phone.quality_rating) {
    // No event exists for a plain rating change; FLAGGED/UNFLAGGED carry worse/better.
    const worse = QUALITY_ORDER.indexOf(body.quality_rating) > QUALITY_ORDER.indexOf(phone.quality_rating);
    phone.quality_rating = body.quality_rating;
    ctx.webhooks.send(phoneQualityWebhook(phone, worse ? 'FLAGGED' : 'UNFLAGGED', waba.tier));
  }
  if (body.event) ctx.webhooks.send(phoneQualityWebhook(phone, body.event, waba.tier));
  if (body.throughput_level && body.throughput_level !== (phone.throughputLevel ?? 'STANDARD')) {
    phone.throughputLevel = body.throughput_level;
    if (phone.throughputLevel === 'HIGH') ctx.webhooks.send(phoneQualityWebhook(phone, 'THROUGHPUT_UPGRADE', waba.tier));
  }
  return {
    id: phone.id,
    quality_rating: phone.quality_rating,
    messaging_limit_tier: waba.tier,
    throughput_level: phone.throughputLevel ?? 'STANDARD',
  };
}

function updateTemplate(ctx: SimContext, name: string, body: z.infer<typeof templateUpdateSchema>) {
  let updated = 0;
  for (const waba of ctx.state.wabas.values()) {
    if (body.waba_id && waba.id !== body.waba_id) continue;
    for (const template of waba.templates) {
      if (template.name !== name || (body.language && template.language !== body.language)) continue;
      updated += 1;
      if (template.status === body.status) continue;
      template.status = body.status;
      ctx.webhooks.send(templateStatusWebhook(waba.id, template, body.status));
    }
  }
  if (updated === 0) throw new ControlError(404, `No template named ${name}`);
  return { name, status: body.status, updated };
}

function sent(ctx: SimContext, url: URL) {
  const to = digitsOf(url.searchParams.get('to') ?? '');
  if (!to) throw new ControlError(400, 'to: required');
  const data = [...ctx.state.sent.values()]
    .filter((r) => r.toDigits === to)
    .reverse()
    .map((r) => ({ wamid: r.wamid, phone_id: r.phoneId, accepted_at: new Date(r.acceptedAt).toISOString(), body: r.body }));
  return { data };
}

function updateToken(ctx: SimContext, token: string, body: z.infer<typeof tokenUpdateSchema>) {
  const entry = ctx.tokens.get(token);
  if (!entry) throw new ControlError(404, 'No such business token');
  if (body.expire) entry.expiresAt = Math.floor(Date.now() / 1000) - 1;
  if (body.revoke) entry.revoked = true;
  if (body.remove_scope) entry.scopes = entry.scopes.filter((s) => s !== body.remove_scope);
  if (body.remove_waba_id) entry.wabaIds = entry.wabaIds.filter((w) => w !== body.remove_waba_id);
  return tokenView(entry);
}

function updateRegistration(ctx: SimContext, phoneId: string, body: z.infer<typeof registrationSchema>) {
  const phone = ctx.state.phone(phoneId);
  if (body.registered !== undefined) phone.registered = body.registered;
  if (body.pin === null) delete phone.pin;
  else if (body.pin !== undefined) phone.pin = body.pin;
  if (body.reset_limits) {
    phone.registrationCalls = [];
    phone.pinGuesses = 0;
    delete phone.pinLockedUntil;
  }
  return { id: phone.id, registered: phone.registered, pin_set: phone.pin !== undefined };
}

/**
 * `account_update` about a WABA. Partner events are addressed to the app's own business and carry
 * `waba_info`; the others to the WABA. An uninstall revokes the business tokens granted that WABA
 * and ends the app's subscription to it.
 */
function accountUpdate(ctx: SimContext, body: z.infer<typeof accountUpdateSchema>) {
  const waba = ctx.state.waba(body.waba_id);
  const partner = body.event.startsWith('PARTNER_');
  const wabaInfo = partner ? { waba_id: waba.id, owner_business_id: waba.businessId, partner_app_id: ctx.app.id } : undefined;
  ctx.webhooks.send(accountUpdateWebhook(partner ? appBusinessId(ctx) : waba.id, body.event, wabaInfo, body.details));
  let revoked = 0;
  if (body.event === 'PARTNER_APP_UNINSTALLED') {
    revoked = ctx.tokens.revokeForWaba(waba.id);
    waba.subscribedApps.delete(ctx.app.id);
  }
  return { waba_id: waba.id, event: body.event, revoked_tokens: revoked };
}
