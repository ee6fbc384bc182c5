import type { IncomingMessage } from 'node:http';
import type { SimContext } from './context';
import { GraphError, invalidParameter } from './graph-error';
import { SenderGone } from './held-sends';
import { digitsOf, parseJson } from './http';
import { handleUpload, mediaInfo } from './graph-media';
import { handleSend } from './send-message';
import { debugToken, exchangeCode, registration, subscribedApps, wabaFields } from './graph-onboarding';
import { phoneRecord, selectFields } from './phone-fields';
import { finishUpload, startUpload } from './resumable-upload';
import { createTemplate, deleteTemplates, editTemplate } from './template-management';
import { type Caller, requireAccess, type Scope } from './tokens';

/** The Graph API routes under `/{version}/...`; the caller has checked the access token. */

export async function handleGraph(
  ctx: SimContext,
  req: IncomingMessage,
  url: URL,
  segments: string[],
  raw: Buffer,
  origin: string,
  /** Null only for the code exchange, which authenticates with the app's id and secret. */
  caller: Caller | null,
): Promise<unknown> {
  const [id, edge, ...rest] = segments;
  if (!id || rest.length > 0) throw unknownPath(url);
  const method = req.method ?? 'GET';
  if (caller === null) return exchangeCode(ctx, url);
  if (method === 'GET' && id === 'debug_token' && edge === undefined) return debugToken(ctx, url);
  if (method === 'POST' && edge === 'uploads' && id === ctx.app.id) return startUpload(ctx, url);
  if (method === 'POST' && id.startsWith('upload:') && edge === undefined) return finishUpload(ctx, id, req, raw);
  const need = (scope: Scope) => requireAccess(caller, ctx.state.ownerOf(id), scope, id);
  if (method === 'POST' && (edge === 'messages' || edge === 'media')) need('whatsapp_business_messaging');
  else if (method !== 'GET' || edge !== undefined || !ctx.state.media.has(id)) need('whatsapp_business_management');
  else need('whatsapp_business_messaging');

  if (method === 'POST' && edge === 'messages') {
    const body = parseJson(raw);
    if (body === undefined) throw invalidParameter('Request body is not valid JSON');
    return sendOrHold(ctx, req, id, body);
  }
  if (method === 'POST' && edge === 'media') return handleUpload(ctx, id, req, raw);
  if (method === 'GET' && edge === 'message_templates') return listTemplates(ctx, id, url, origin);
  if (method === 'POST' && edge === 'message_templates') return createTemplate(ctx, id, raw);
  if (method === 'DELETE' && edge === 'message_templates') return deleteTemplates(ctx, id, url);
  if (method === 'GET' && edge === 'phone_numbers') return listPhoneNumbers(ctx, id, url);
  if (edge === 'subscribed_apps') return subscribedApps(ctx, method, id, raw);
  if (method === 'POST' && (edge === 'register' || edge === 'deregister')) return registration(ctx, edge, id, raw);
  const found = method === 'POST' && edge === undefined ? ctx.state.templateById(id) : undefined;
  if (found) return editTemplate(ctx, found, raw);
  if (method === 'GET' && edge === undefined) {
    const media = ctx.state.media.get(id);
    if (media) return mediaInfo(ctx, media, origin);
    if (ctx.state.wabas.has(id)) return wabaFields(ctx, id, url);
    const template = ctx.state.templateById(id)?.template;
    if (template) return template;
    return phoneFields(ctx, id, url);
  }
  throw new GraphError(100, `Unsupported ${method.toLowerCase()} request`, `No ${method} handler for ${url.pathname}`);
}

/** A send with a hold armed for its recipient is taken (or not, as the hold says) and never answered. */
async function sendOrHold(ctx: SimContext, req: IncomingMessage, phoneId: string, body: unknown): Promise<unknown> {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const to = typeof fields.to === 'string' ? digitsOf(fields.to) : '';
  const accepted = ctx.holds.take(to);
  if (accepted === undefined) return handleSend(ctx, phoneId, body);
  if (accepted) handleSend(ctx, phoneId, body);
  const callback = typeof fields.biz_opaque_callback_data === 'string' ? fields.biz_opaque_callback_data : null;
  await ctx.holds.keep(req, { to, accepted, callback });
  throw new SenderGone();
}

const unknownPath = (url: URL) => new GraphError(2500, 'Unknown path components', url.pathname);

function listTemplates(ctx: SimContext, wabaId: string, url: URL, origin: string) {
  const templates = ctx.state.waba(wabaId).templates;
  const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 25) || 25, 1), 1000);
  const after = url.searchParams.get('after');
  const start = after ? decodeCursor(after) : 0;
  const statusFilter = url.searchParams.get('status')?.toUpperCase();
  const nameFilter = url.searchParams.get('name');
  const matching = templates.filter((t) => (!statusFilter || t.status === statusFilter) && (!nameFilter || t.name === nameFilter));
  const page = matching.slice(start, start + limit);
  const end = start + page.length;
  const next = new URL(`${origin}${url.pathname}`);
  url.searchParams.forEach((value, key) => next.searchParams.set(key, value));
  next.searchParams.set('after', encodeCursor(end));
  next.searchParams.delete('access_token');
  return {
    data: page,
    paging: {
      cursors: { before: encodeCursor(start), after: encodeCursor(end) },
      ...(end < matching.length ? { next: next.toString() } : {}),
    },
  };
}

const encodeCursor = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');

function decodeCursor(cursor: string): number {
  const match = /^offset:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match?.[1]) throw invalidParameter('Invalid paging cursor');
  return Number(match[1]);
}

/** Numbers of a WABA: the four basic fields unless `fields` asks for more; `limit` 1–100 and `after`. */
function listPhoneNumbers(ctx: SimContext, wabaId: string, url: URL) {
  ctx.state.waba(wabaId);
  const fields = url.searchParams.get('fields') ?? undefined;
  const phones = ctx.state.phonesOf(wabaId);
  const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 100) || 100, 1), 100);
  const after = url.searchParams.get('after');
  const start = after ? decodeCursor(after) : 0;
  const page = phones.slice(start, start + limit);
  return {
    data: page.map((p) => selectFields(phoneRecord(ctx, p), fields, LIST_PHONE_FIELDS)),
    paging: { cursors: { before: encodeCursor(start), after: encodeCursor(start + page.length) } },
  };
}

const LIST_PHONE_FIELDS = ['verified_name', 'display_phone_number', 'id', 'quality_rating'];

const DEFAULT_PHONE_FIELDS = [
  'verified_name',
  'code_verification_status',
  'display_phone_number',
  'quality_rating',
  'platform_type',
  'throughput',
  'id',
];

function phoneFields(ctx: SimContext, phoneId: string, url: URL) {
  return selectFields(phoneRecord(ctx, ctx.state.phone(phoneId)), url.searchParams.get('fields') ?? undefined, DEFAULT_PHONE_FIELDS);
}
