import type { z } from 'zod';
import { type errorSchema, MEDIA_TYPES, type messagesValueSchema, platformWebhookSchema } from './webhook-schema';

/** Parses a platform webhook body and flattens it into the items the service acts on. */

export { platformWebhookSchema };

export type PlatformWebhookEnvelope = z.infer<typeof platformWebhookSchema>;

export interface PlatformErrorInfo {
  code: number;
  title: string;
  message: string;
  details?: string;
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
      media?: { id: string; mimeType: string; sha256?: string; caption?: string; filename?: string; voice?: boolean };
      button?: { payload: string; text: string };
      interactiveReply?: { id: string; title: string };
      contextWamid?: string;
    }
  | {
      /** A customer's reaction to a message (not a message itself): `emoji` null removes it. */
      kind: 'reaction';
      wabaId: string;
      phoneId: string;
      /** E.164 with a leading "+". */
      from: string;
      /** The reaction's own platform id: a retry of the webhook repeats it. */
      wamid: string;
      timestamp: Date;
      targetWamid: string;
      emoji: string | null;
    }
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
      } else items.push({ kind: 'other', wabaId, field: change.name, value: change.value });
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
  for (const m of value.messages ?? []) {
    const digits = m.from.replace(/^\+/, '');
    if (m.type === 'reaction' && m.reaction) {
      items.push(reactionItem(wabaId, phoneId, `+${digits}`, m.id, m.timestamp, m.reaction));
      continue;
    }
    const name = value.contacts?.find((c) => c.wa_id === digits)?.profile?.name ?? value.contacts?.[0]?.profile?.name;
    const mediaType = MEDIA_TYPES.find((t) => t === m.type);
    const media = mediaType ? m[mediaType] : undefined;
    const reply = m.interactive?.button_reply ?? m.interactive?.list_reply;
    items.push({
      kind: 'message',
      wabaId,
      phoneId,
      from: `+${digits}`,
      wamid: m.id,
      timestamp: m.timestamp,
      type: m.type,
      ...(name !== undefined ? { profileName: name } : {}),
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
      ...(m.button ? { button: m.button } : {}),
      ...(reply ? { interactiveReply: reply } : {}),
      ...(m.context?.id ? { contextWamid: m.context.id } : {}),
    });
  }
  for (const e of value.errors ?? []) items.push({ kind: 'system_error', wabaId, phoneId, error: errorInfo(e) });
  return items;
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
