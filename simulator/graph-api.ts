import type { IncomingMessage } from 'node:http';
import type { SimContext } from './context';
import { GraphError, invalidParameter } from './graph-error';
import { SenderGone } from './held-sends';
import { digitsOf, parseJson } from './http';
import { handleUpload, mediaInfo } from './graph-media';
import { handleSend } from './send-message';

/** The Graph API routes under `/{version}/...`; the caller has checked the access token. */

export async function handleGraph(
  ctx: SimContext,
  req: IncomingMessage,
  url: URL,
  segments: string[],
  raw: Buffer,
  origin: string,
): Promise<unknown> {
  const [id, edge, ...rest] = segments;
  if (!id || rest.length > 0) throw unknownPath(url);
  const method = req.method ?? 'GET';
  if (method === 'POST' && edge === 'messages') {
    const body = parseJson(raw);
    if (body === undefined) throw invalidParameter('Request body is not valid JSON');
    return sendOrHold(ctx, req, id, body);
  }
  if (method === 'POST' && edge === 'media') return handleUpload(ctx, id, req, raw);
  if (method === 'GET' && edge === 'message_templates') return listTemplates(ctx, id, url, origin);
  if (method === 'GET' && edge === 'phone_numbers') return listPhoneNumbers(ctx, id);
  if (method === 'GET' && edge === undefined) {
    const media = ctx.state.media.get(id);
    return media ? mediaInfo(ctx, media, origin) : phoneFields(ctx, id, url);
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

function listPhoneNumbers(ctx: SimContext, wabaId: string) {
  ctx.state.waba(wabaId);
  return {
    data: ctx.state.phonesOf(wabaId).map((p) => ({
      verified_name: p.verified_name,
      display_phone_number: p.display_phone_number,
      id: p.id,
      quality_rating: p.quality_rating,
    })),
    paging: { cursors: { before: encodeCursor(0), after: encodeCursor(0) } },
  };
}

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
  const phone = ctx.state.phone(phoneId);
  const tier = ctx.state.waba(phone.wabaId).tier;
  const all: Record<string, unknown> = {
    id: phone.id,
    display_phone_number: phone.display_phone_number,
    verified_name: phone.verified_name,
    quality_rating: phone.quality_rating,
    code_verification_status: 'VERIFIED',
    platform_type: 'CLOUD_API',
    status: 'CONNECTED',
    name_status: 'APPROVED',
    account_mode: 'LIVE',
    throughput: { level: phone.throughputLevel ?? 'STANDARD' },
    whatsapp_business_manager_messaging_limit: tier,
    messaging_limit_tier: tier,
  };
  const requested = url.searchParams
    .get('fields')
    ?.split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  const fields = requested?.length ? [...requested, 'id'] : DEFAULT_PHONE_FIELDS;
  const unknown = fields.find((f) => !(f in all));
  if (unknown) throw new GraphError(100, `Tried accessing nonexisting field (${unknown})`, `on node type (WhatsAppBusinessPhoneNumber)`);
  return Object.fromEntries(fields.map((f) => [f, all[f]]));
}
