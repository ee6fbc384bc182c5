import { z } from 'zod';

/**
 * Zod schemas for the platform's webhook envelope. Objects are parsed non-strictly
 * (unknown keys are dropped) because the platform keeps adding fields; what the service
 * uses is typed.
 */

const timestamp = z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).transform((s) => new Date(Number(s) * 1000));

export const errorSchema = z.object({
  code: z.number().int(),
  title: z.string().optional(),
  message: z.string().optional(),
  error_data: z.object({ details: z.string().optional() }).optional(),
});

const mediaSchema = z.object({
  id: z.string().min(1),
  mime_type: z.string().min(1),
  sha256: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
  voice: z.boolean().optional(),
  /** Stickers (read by ./inbound-kinds.ts). */
  animated: z.boolean().optional().catch(undefined),
});

export const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker'] as const;

/**
 * One platform message (inbound or an echo). Parsed on its own (`messages` items are unknown in
 * the envelope): one the service cannot read is reported alone and never refuses its siblings.
 * The kinds beyond text, media and taps are read from the raw message (./inbound-kinds.ts).
 */
export const messageSchema = z.looseObject({
  from: z.string().regex(/^\+?\d{5,20}$/),
  id: z.string().min(1),
  timestamp,
  type: z.string().min(1),
  text: z.object({ body: z.string() }).optional(),
  image: mediaSchema.optional(),
  video: mediaSchema.optional(),
  audio: mediaSchema.optional(),
  document: mediaSchema.optional(),
  sticker: mediaSchema.optional(),
  button: z.object({ payload: z.string(), text: z.string() }).optional(),
  context: z.object({ id: z.string().optional(), from: z.string().optional() }).optional(),
  /** A reaction to a business message; `emoji` omitted or "" removes the customer's reaction. */
  reaction: z.object({ message_id: z.string().min(1), emoji: z.string().optional() }).optional(),
});

/** What every message has: a message whose kind's fields cannot be read is still stored, as unsupported. */
export const messageCoreSchema = z.looseObject({ from: messageSchema.shape.from, id: z.string().min(1), timestamp, type: z.string().min(1) });

/** An echo: what staff sent from the WhatsApp Business app on the same number, with `to` the customer. */
export const echoSchema = messageSchema.extend({ to: z.string().regex(/^\+?\d{5,20}$/) });

const statusSchema = z.object({
  id: z.string().min(1),
  status: z.enum(['sent', 'delivered', 'read', 'failed', 'played']),
  timestamp,
  recipient_id: z.string(),
  biz_opaque_callback_data: z.string().optional(),
  errors: z.array(errorSchema).optional(),
});

export const messagesValueSchema = z.object({
  messaging_product: z.literal('whatsapp').optional(),
  metadata: z.object({ phone_number_id: z.string().min(1), display_phone_number: z.string().optional() }),
  contacts: z.array(z.object({ wa_id: z.string(), profile: z.object({ name: z.string() }).optional() })).optional(),
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(statusSchema).optional(),
  errors: z.array(errorSchema).optional(),
});

const templateValueSchema = z.object({
  event: z.string(),
  message_template_id: z.union([z.number(), z.string()]).transform(String),
  message_template_name: z.string(),
  message_template_language: z.string(),
  reason: z.string().nullable().optional(),
  rejection_info: z.object({ recommendation: z.string().optional() }).partial().nullable().optional(),
  other_info: z.object({ description: z.string().optional() }).partial().nullable().optional(),
});

const qualityValueSchema = z.object({
  display_phone_number: z.string(),
  event: z.string(),
  current_limit: z.string().optional(),
  old_limit: z.string().optional(),
});

/** Changes to the business account: the app uninstalled, a policy restriction, and others, by `event`. */
const accountUpdateValueSchema = z.looseObject({
  event: z.string(),
  /** Partner events name the business account here; their entry's id is the app's own business. */
  waba_info: z.looseObject({ waba_id: z.union([z.string(), z.number()]).transform(String) }).optional(),
});

/** Coexistence echoes (field `smb_message_echoes`); each echo is parsed on its own like a message. */
export const echoesValueSchema = z.object({
  metadata: z.object({ phone_number_id: z.string().min(1) }),
  message_echoes: z.array(z.unknown()).optional(),
});

const KNOWN_FIELDS = ['messages', 'smb_message_echoes', 'message_template_status_update', 'phone_number_quality_update', 'account_update'];

const changeSchema = z.union([
  z.object({ field: z.literal('messages'), value: messagesValueSchema }),
  z.object({ field: z.literal('message_template_status_update'), value: templateValueSchema }),
  z.object({ field: z.literal('phone_number_quality_update'), value: qualityValueSchema }),
  z.object({ field: z.literal('account_update'), value: accountUpdateValueSchema }),
  z.object({ field: z.literal('smb_message_echoes'), value: echoesValueSchema }),
  // Other subscriptions pass through untyped; a known field that failed its schema must not.
  z.object({ field: z.string().refine((f) => !KNOWN_FIELDS.includes(f)), value: z.unknown() }).transform((c) => ({
    field: 'other' as const,
    name: c.field,
    value: c.value,
  })),
]);

export const platformWebhookSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z.object({
      id: z.string(),
      time: z.number().optional(),
      changes: z.array(changeSchema),
    }),
  ),
});
