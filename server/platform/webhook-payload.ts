import type { z } from 'zod';
import { readKindData, type MessageKindData } from './inbound-kinds';
import {
  echoSchema,
  type echoesValueSchema,
  type errorSchema,
  MEDIA_TYPES,
  messageCoreSchema,
  messageSchema,
  type messagesValueSchema,
  platformWebhookSchema,
} from './webhook-schema';

/** Parses a platform webhook body and flattens it into the items the service acts on. */

export { platformWebhookSchema };

export type PlatformWebhookEnvelope = z.infer<typeof platformWebhookSchema>;

export interface PlatformErrorInfo {
  code: number;
  title: string;
  message: string;
  details?: string;
}

export interface InboundMedia {
  id: string;
  mimeType: string;
  sha256?: string;
  caption?: string;
  filename?: string;
  voice?: boolean;
}

export type PlatformWebhookItem =
  | {
      kind: 'status';
      wabaId: string;
      phoneId: string;
      wamid: string;
      status: 'sent' | 'delivered' | 'read' | 'failed' | 'played';
      timestamp: Date;
      recipientId: string;
      bizOpaqueCallbackData?: string;
      error?: PlatformErrorInfo;
    }
  | {
      kind: 'message';
      wabaId: string;
      phoneId: string;
      /** E.164 with a leading "+". */
      from: string;
      profileName?: string;
      wamid: string;
      timestamp: Date;
      type: string;
      text?: string;
      media?: InboundMedia;
      button?: { payload: string; text: string };
      /** What a kind beyond text, media and template taps carries (./inbound-kinds.ts). */
      kindData?: MessageKindData;
      contextWamid?: string;
    }
  /** The customer reacted to a message (`emoji` null: the reaction was removed). */
  | { kind: 'reaction'; wabaId: string; phoneId: string; from: string; wamid: string; timestamp: Date; targetWamid: string; emoji: string | null }
  /** A platform note about the customer (a changed number): not the customer's words. */
  | {
      kind: 'system_message';
      wabaId: string;
      phoneId: string;
      from: string;
      wamid: string;
      timestamp: Date;
      system: NonNullable<MessageKindData['system']>;
    }
  /** What staff sent from the WhatsApp Business app on the same number (coexistence): `to` is the customer, E.164. */
  | {
      kind: 'echo';
      wabaId: string;
      phoneId: string;
      to: string;
      wamid: string;
      timestamp: Date;
      type: string;
      text?: string;
      media?: InboundMedia;
      kindData?: MessageKindData;
    }
  /** A message without the fields every message has: reported, and its siblings go on. */
  | { kind: 'unreadable_message'; wabaId: string; phoneId: string; error: string }
  | { kind: 'system_error'; wabaId: string; phoneId: string; error: PlatformErrorInfo }
  | {
      kind: 'template_status';
      wabaId: string;
      templateId: string;
      name: string;
      language: string;
      event: string;
      reason?: string;
      /** The platform's words: a rejection's recommendation or a pause's description. */
      detail?: string;
    }
  | {
      kind: 'phone_quality';
      wabaId: string;
      /** Digits as in webhook metadata; this webhook carries no phone number id. */
      displayPhoneNumber: string;
      event: string;
      currentLimit?: string;
    }
  | { kind: 'account_update'; wabaId: string; event: string }
  | { kind: 'other'; wabaId: string; field: string; value: unknown };

export type ParseWebhookResult = { success: true; items: PlatformWebhookItem[] } | { success: false; error: string };

/** Validate a decoded webhook body and flatten it into items. */
export function parsePlatformWebhook(input: unknown): ParseWebhookResult {
  const parsed = platformWebhookSchema.safeParse(input);
  if (!parsed.success) {
    return { success: false, error: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
  }
  return { success: true, items: flattenPlatformWebhook(parsed.data) };
}

export function flattenPlatformWebhook(envelope: PlatformWebhookEnvelope): PlatformWebhookItem[] {
  const items: PlatformWebhookItem[] = [];
  for (const entry of envelope.entry) {
    const wabaId = entry.id;
    for (const change of entry.changes) {
      if (change.field === 'messages') items.push(...messageItems(wabaId, change.value));
      else if (change.field === 'message_template_status_update') {
        const v = change.value;
        items.push({
          kind: 'template_status',
          wabaId,
          templateId: v.message_template_id,
          name: v.message_template_name,
          language: v.message_template_language,
          event: v.event,
          ...(v.reason ? { reason: v.reason } : {}),
          ...(detailOf(v) ? { detail: detailOf(v) } : {}),
        });
      } else if (change.field === 'phone_number_quality_update') {
        const v = change.value;
        items.push({
          kind: 'phone_quality',
          wabaId,
          displayPhoneNumber: v.display_phone_number,
          event: v.event,
          ...(v.current_limit ? { currentLimit: v.current_limit } : {}),
        });
      } else if (change.field === 'account_update') {
        items.push({ kind: 'account_update', wabaId: change.value.waba_info?.waba_id ?? wabaId, event: change.value.event });
      } else if (change.field === 'smb_message_echoes') items.push(...echoItems(wabaId, change.value));
      else items.push({ kind: 'other', wabaId, field: change.name, value: change.value });
    }
  }
  return items;
}

function messageItems(wabaId: string, value: z.infer<typeof messagesValueSchema>): PlatformWebhookItem[] {
  const phoneId = value.metadata.phone_number_id;
  const items: PlatformWebhookItem[] = [];
  for (const s of value.statuses ?? []) {
    const error = s.errors?.[0];
    items.push({
      kind: 'status',
      wabaId,
      phoneId,
      wamid: s.id,
      status: s.status,
      timestamp: s.timestamp,
      recipientId: s.recipient_id,
      ...(s.biz_opaque_callback_data !== undefined ? { bizOpaqueCallbackData: s.biz_opaque_callback_data } : {}),
      ...(error ? { error: errorInfo(error) } : {}),
    });
  }
  for (const raw of value.messages ?? []) {
    const read = readMessage(raw);
    if (!read.ok) {
      items.push({ kind: 'unreadable_message', wabaId, phoneId, error: read.error });
      continue;
    }
    const m = read.message;
    const digits = m.from.replace(/^\+/, '');
    const at = { wabaId, phoneId, from: `+${digits}`, wamid: m.id, timestamp: m.timestamp };
    if (m.type === 'reaction' && m.reaction) {
      items.push(reactionItem(wabaId, phoneId, `+${digits}`, m.id, m.timestamp, m.reaction));
      continue;
    }
    const kindData = readKindData(m.type, m);
    if (kindData?.system) {
      items.push({ kind: 'system_message', ...at, system: kindData.system });
      continue;
    }
    const name = value.contacts?.find((c) => c.wa_id === digits)?.profile?.name ?? value.contacts?.[0]?.profile?.name;
    items.push({
      kind: 'message',
      ...at,
      type: m.type,
      ...(name !== undefined ? { profileName: name } : {}),
      ...messageBody(m),
      ...(m.button ? { button: m.button } : {}),
      ...(kindData ? { kindData } : {}),
      ...(m.context?.id ? { contextWamid: m.context.id } : {}),
    });
  }
  for (const e of value.errors ?? []) items.push({ kind: 'system_error', wabaId, phoneId, error: errorInfo(e) });
  return items;
}

type ReadMessage = z.infer<typeof messageSchema>;

/**
 * One message of a webhook, read on its own: a kind's fields the service cannot read make it
 * `unsupported` (its type kept), and only a message without an id, sender or time is unreadable.
 */
function readMessage(raw: unknown): { ok: true; message: ReadMessage } | { ok: false; error: string } {
  const full = messageSchema.safeParse(raw);
  if (full.success) return { ok: true, message: full.data };
  const core = messageCoreSchema.safeParse(raw);
  if (!core.success) return { ok: false, error: core.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
  const { from, id, timestamp, type, errors } = core.data;
  return { ok: true, message: { from, id, timestamp, type: 'unsupported', unsupported: { type }, errors } };
}

/** The text and media of a message or an echo. */
function messageBody(m: ReadMessage): { text?: string; media?: InboundMedia } {
  const mediaType = MEDIA_TYPES.find((t) => t === m.type);
  const media = mediaType ? m[mediaType] : undefined;
  return {
    ...(m.text ? { text: m.text.body } : {}),
    ...(media
      ? {
          media: {
            id: media.id,
            mimeType: media.mime_type,
            ...(media.sha256 !== undefined ? { sha256: media.sha256 } : {}),
            ...(media.caption !== undefined ? { caption: media.caption } : {}),
            ...(media.filename !== undefined ? { filename: media.filename } : {}),
            ...(media.voice !== undefined ? { voice: media.voice } : {}),
          },
        }
      : {}),
  };
}

function echoItems(wabaId: string, value: z.infer<typeof echoesValueSchema>): PlatformWebhookItem[] {
  const phoneId = value.metadata.phone_number_id;
  return (value.message_echoes ?? []).map((raw): PlatformWebhookItem => {
    const parsed = echoSchema.safeParse(raw);
    if (!parsed.success) {
      return {
        kind: 'unreadable_message',
        wabaId,
        phoneId,
        error: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      };
    }
    const m = parsed.data;
    const kindData = readKindData(m.type, m);
    return {
      kind: 'echo',
      wabaId,
      phoneId,
      to: `+${m.to.replace(/^\+/, '')}`,
      wamid: m.id,
      timestamp: m.timestamp,
      type: m.type,
      ...messageBody(m),
      ...(kindData ? { kindData } : {}),
    };
  });
}

function reactionItem(
  wabaId: string,
  phoneId: string,
  from: string,
  wamid: string,
  timestamp: Date,
  reaction: { message_id: string; emoji?: string },
): PlatformWebhookItem {
  // The platform's documents omit `emoji` on removal; older material sends "": both remove.
  return { kind: 'reaction', wabaId, phoneId, from, wamid, timestamp, targetWamid: reaction.message_id, emoji: reaction.emoji || null };
}

function errorInfo(e: z.infer<typeof errorSchema>): PlatformErrorInfo {
  const title = e.title ?? e.message ?? `Error ${e.code}`;
  return {
    code: e.code,
    title,
    message: e.message ?? title,
    ...(e.error_data?.details !== undefined ? { details: e.error_data.details } : {}),
  };
}

const detailOf = (v: { rejection_info?: { recommendation?: string } | null; other_info?: { description?: string } | null }) =>
  v.rejection_info?.recommendation ?? v.other_info?.description;
