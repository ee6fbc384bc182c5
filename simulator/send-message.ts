import { randomBytes } from 'node:crypto';
import type { SimContext } from './context';
import { GraphError, invalidParameter, missingParameter, mediaError } from './graph-error';
import { digitsOf } from './http';
import {
  checkMediaForMessage,
  FAILURES,
  type FailureReason,
  fateOf,
  pairRateExceeded,
  takeMessagingLimit,
  throughputExceeded,
  throughputOf,
  undeliverable,
} from './rules';
import type { SentRecord } from './state';
import { checkTemplateParameters, findSendableTemplate } from './template-rules';
import type { StatusEvent } from './webhook-events';

/** `POST /{version}/{phone_id}/messages`: validate, enforce the platform's rules, accept, report statuses. */

const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker'];
const OTHER_TYPES = ['interactive', 'location', 'contacts', 'reaction'];

export const newWamid = () => `wamid.${randomBytes(24).toString('base64url')}`;

type Body = Record<string, unknown>;
const isObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);

export function handleSend(ctx: SimContext, phoneId: string, body: unknown): unknown {
  if (!isObject(body)) throw invalidParameter('Request body must be a JSON object');
  if (body.messaging_product !== 'whatsapp') throw invalidParameter('messaging_product must be "whatsapp"');
  if (body.status === 'read') {
    if (typeof body.message_id !== 'string') throw missingParameter('message_id is required');
    const typing = body.typing_indicator;
    if (typing !== undefined && (!isObject(typing) || typing.type !== 'text')) throw invalidParameter('typing_indicator.type must be "text"');
    ctx.state.recordRead({ wamid: body.message_id, phoneId, typing: typing !== undefined, at: Date.now() });
    return { success: true };
  }
  if (typeof body.to !== 'string' || body.to.trim() === '') throw missingParameter('Parameter to is required');
  const toDigits = digitsOf(body.to);
  if (toDigits.length < 7 || toDigits.length > 15) throw invalidParameter(`Invalid recipient phone number ${body.to}`);
  const type = body.type ?? 'text';
  if (typeof type !== 'string') throw invalidParameter('type must be a string');
  checkContent(ctx, type, body[type]);

  const now = Date.now();
  const phone = ctx.state.phone(phoneId);
  if (!phone.registered) throw new GraphError(133010, 'Account not registered', `Phone number ${phone.id} is not registered for the Cloud API`);
  const waba = ctx.state.waba(phone.wabaId);
  if (fateOf(toDigits) === 'refuse') throw undeliverable();
  let category = 'service';
  if (type === 'template') {
    const payload = body.template as Body;
    const language = isObject(payload.language) ? payload.language.code : undefined;
    if (typeof payload.name !== 'string' || typeof language !== 'string') {
      throw missingParameter('template.name and template.language.code are required');
    }
    const template = findSendableTemplate(waba, payload.name, language);
    checkTemplateParameters(template, payload.components);
    category = template.category.toLowerCase();
  }
  const perSecond = throughputOf(phone.throughputLevel);
  if (!ctx.throughput.take(phone.id, now, perSecond, perSecond / 1000)) throw throughputExceeded();
  if (!ctx.pairRate.take(`${phone.id}:${toDigits}`, now)) throw pairRateExceeded();

  // Accepted from here on; rules the platform applies after acceptance fail asynchronously.
  const windowOpen = ctx.state.windowOpen(phone.id, toDigits, now);
  let failure: FailureReason | undefined;
  if (type !== 'template' && !windowOpen) failure = FAILURES.reEngagement;
  else if (type === 'reaction' && !reactionTargetKnown(ctx, body.reaction as Body)) failure = FAILURES.reactionTarget;
  else if (type === 'template' && !windowOpen && !takeMessagingLimit(waba, toDigits, now)) failure = FAILURES.messagingLimit;

  const record: SentRecord = { wamid: newWamid(), phoneId: phone.id, toDigits, body, acceptedAt: now };
  ctx.state.recordSent(record);
  const voice = type === 'audio' && isObject(body.audio) && body.audio.voice === true;
  scheduleStatuses(ctx, record, category, failure, voice, type === 'reaction');
  ctx.logger.debug({ phoneId: phone.id, to: toDigits, type, wamid: record.wamid }, 'message accepted');
  return {
    messaging_product: 'whatsapp',
    contacts: [{ input: body.to, wa_id: toDigits }],
    messages: [{ id: record.wamid, message_status: 'accepted' }],
  };
}

function checkContent(ctx: SimContext, type: string, content: unknown): void {
  if (![...MEDIA_TYPES, ...OTHER_TYPES, 'text', 'template'].includes(type)) {
    throw invalidParameter(`Unsupported message type ${type}`);
  }
  if (!isObject(content)) throw missingParameter(`Parameter ${type} is required for type ${type}`);
  if (type === 'text') {
    if (typeof content.body !== 'string' || content.body.length === 0) throw missingParameter('text.body is required');
    if (content.body.length > 4096) throw invalidParameter('text.body is longer than 4096 characters');
  } else if (MEDIA_TYPES.includes(type)) {
    checkMediaRef(ctx, type, content);
  } else if (type === 'reaction') {
    if (typeof content.message_id !== 'string' || content.message_id === '') throw missingParameter('reaction.message_id is required');
    // "" removes the business's reaction.
    if (typeof content.emoji !== 'string') throw missingParameter('reaction.emoji is required');
  }
}

/** A reaction may target a message of this simulator's own: one it accepted or a customer's. */
function reactionTargetKnown(ctx: SimContext, reaction: Body): boolean {
  const target = reaction.message_id as string;
  const sent = ctx.state.sent.get(target);
  return ctx.state.received.has(target) || (sent !== undefined && sent.body.type !== 'reaction');
}

function checkMediaRef(ctx: SimContext, type: string, media: Body): void {
  const hasId = typeof media.id === 'string';
  const hasLink = typeof media.link === 'string';
  if (hasId === hasLink) throw invalidParameter(`${type} requires exactly one of id or link`);
  if (typeof media.caption === 'string' && media.caption.length > 1024) {
    throw invalidParameter(`${type}.caption is longer than 1024 characters`);
  }
  if (hasId) {
    const stored = ctx.state.media.get(media.id as string);
    if (!stored) throw mediaError(`Media id ${String(media.id)} was not found`);
    checkMediaForMessage(type, stored.mimeType);
    return;
  }
  // Links are checked for shape only: the simulator does not fetch other people's URLs.
  let url: URL;
  try {
    url = new URL(media.link as string);
  } catch {
    throw invalidParameter(`${type}.link is not a valid URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalidParameter(`${type}.link must be http(s)`);
}

/** sent -> delivered -> read (per the recipient's magic number), one step per status delay. */
function scheduleStatuses(
  ctx: SimContext,
  record: SentRecord,
  pricingCategory: string,
  failure: FailureReason | undefined,
  voice: boolean,
  reaction: boolean,
): void {
  const steps: Array<{ status: StatusEvent['status']; failure?: FailureReason }> = [];
  if (failure) steps.push({ status: 'failed', failure });
  // A reaction gets only `sent`: the platform reports no delivery or read for it.
  else if (reaction) steps.push({ status: 'sent' });
  else {
    const fate = fateOf(record.toDigits);
    steps.push({ status: 'sent' });
    if (fate === 'failed') steps.push({ status: 'failed', failure: FAILURES.undeliverable });
    if (fate === 'delivered' || fate === 'read') steps.push({ status: 'delivered' });
    if (fate === 'read') steps.push({ status: 'read' });
    if (fate === 'read' && voice) steps.push({ status: 'played' });
  }
  const callback = record.body.biz_opaque_callback_data;
  steps.forEach((step, i) => {
    ctx.after(ctx.statusDelayMs * (i + 1), () => {
      const phone = ctx.state.phone(record.phoneId);
      ctx.statuses.add(phone, {
        wamid: record.wamid,
        status: step.status,
        at: Date.now(),
        recipientDigits: record.toDigits,
        pricingCategory,
        ...(typeof callback === 'string' ? { bizOpaqueCallbackData: callback } : {}),
        ...(step.failure ? { failure: step.failure } : {}),
      });
    });
  });
}
