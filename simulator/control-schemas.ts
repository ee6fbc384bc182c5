import { z } from 'zod';
import type { PlatformTemplate } from '../server/seed/demo-world';

/** Request bodies of the simulator's control API (`/_sim/...`). */

const phoneDigits = z
  .string()
  .refine((s) => /^\+?[\d\s()-]+$/.test(s) && s.replace(/\D/g, '').length >= 7 && s.replace(/\D/g, '').length <= 15, 'must be a phone number');
const quality = z.enum(['GREEN', 'YELLOW', 'RED', 'UNKNOWN']);
const tier = z.enum(['TIER_50', 'TIER_250', 'TIER_2K', 'TIER_10K', 'TIER_100K', 'TIER_UNLIMITED']);

/** Inbound kinds beyond text and media, sent with their data as the platform shapes it (`kind`). */
export const KIND_TYPES = ['location', 'contacts', 'interactive', 'order', 'system', 'unsupported', 'reaction'] as const;

export const inboundSchema = z
  .object({
    phone_id: z.string().min(1),
    from: phoneDigits,
    name: z.string().min(1).optional(),
    type: z.enum(['text', 'image', 'video', 'audio', 'document', 'sticker', ...KIND_TYPES]).default('text'),
    text: z.string().min(1).max(4096).optional(),
    media: z
      .object({
        data_base64: z.string().min(1),
        mime_type: z.string().min(1),
        filename: z.string().optional(),
        caption: z.string().max(1024).optional(),
        voice: z.boolean().optional(),
        /** Stickers: whether it moves. */
        animated: z.boolean().optional(),
      })
      .optional(),
    /**
     * The kind's fields as the platform sends them beside `type`: `{location: {...}}`,
     * `{contacts: [...]}`, `{interactive: {...}}`, `{order: {...}}`, `{system: {...}}`,
     * `{unsupported: {...}, errors: [...]}`, `{reaction: {...}}`; `context` may come along.
     */
    kind: z.record(z.string(), z.unknown()).optional(),
    /** The platform message the customer replies to or taps in (`context.id`). */
    context_wamid: z.string().min(1).optional(),
  })
  .refine(
    (b) =>
      b.type === 'text'
        ? b.text !== undefined
        : (KIND_TYPES as readonly string[]).includes(b.type)
          ? b.kind !== undefined
          : b.media !== undefined,
    { message: 'text messages need `text`; media messages need `media`; other kinds need `kind`' },
  );

/** An echo: staff wrote `text` to the customer `to` from the WhatsApp Business app on the same number. */
export const echoSchema = z.object({ phone_id: z.string().min(1), to: phoneDigits, text: z.string().min(1).max(4096) });

/** A customer message from before the simulator started, which the app already has. */
export const historySchema = z.object({
  phone_id: z.string().min(1),
  from: phoneDigits,
  inbound_at: z.iso.datetime({ offset: true }).refine((at) => Date.parse(at) <= Date.now(), 'must not be in the future'),
});

export const holdSchema = z.object({ to: phoneDigits, accepted: z.boolean() });

/** The customer reacts to a message the business sent; `emoji` omitted (as documented) or "" removes it. */
export const reactSchema = z.object({ wamid: z.string().min(1), emoji: z.string().optional() });

export const tapSchema = z.object({ wamid: z.string().min(1), button_index: z.number().int().nonnegative() });

export const phoneUpdateSchema = z
  .object({
    quality_rating: quality.optional(),
    messaging_limit_tier: tier.optional(),
    throughput_level: z.enum(['STANDARD', 'HIGH']).optional(),
    /** Sends phone_number_quality_update with this event as it is, changing nothing. */
    event: z
      .string()
      .regex(/^[A-Z_]+$/)
      .optional(),
  })
  .refine((b) => b.quality_rating || b.messaging_limit_tier || b.throughput_level || b.event, {
    message: 'give quality_rating, messaging_limit_tier, throughput_level or event',
  });

export const templateUpdateSchema = z.object({
  status: z.enum(['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED']),
  waba_id: z.string().optional(),
  language: z.string().optional(),
});

const templateSchema = z.object({
  id: z.string().regex(/^\d+$/),
  name: z.string().regex(/^[a-z0-9_]+$/),
  language: z.string().min(1),
  status: templateUpdateSchema.shape.status,
  category: z.enum(['MARKETING', 'UTILITY', 'AUTHENTICATION']),
  parameter_format: z.enum(['NAMED', 'POSITIONAL']).default('POSITIONAL'),
  components: z.array(z.looseObject({ type: z.enum(['HEADER', 'BODY', 'FOOTER', 'BUTTONS']) })),
});

export const businessSchema = z.object({
  waba_id: z.string().min(1),
  name: z.string().min(1).optional(),
  business_id: z.string().min(1).optional(),
  /** false: no app subscribed yet, so no webhooks until `POST /{waba_id}/subscribed_apps`. */
  subscribed: z.boolean().optional(),
  /** false: its numbers start unregistered (sends refused with 133010 until `/register`). */
  registered: z.boolean().optional(),
  messaging_limit_tier: tier.optional(),
  phone_numbers: z.array(
    z.object({
      id: z.string().min(1),
      display_phone_number: z.string().min(1),
      verified_name: z.string().min(1),
      quality_rating: quality.default('GREEN'),
    }),
  ),
  // Component shapes are the seed's wire format; only their type is checked here.
  templates: z
    .array(templateSchema)
    .default([])
    .transform((t) => t as PlatformTemplate[]),
});

export const QUALITY_ORDER = quality.options;
export const TIER_ORDER = tier.options;

const scope = z.enum(['whatsapp_business_management', 'whatsapp_business_messaging']);

/** Issues a business token directly (what a system user token made in Business Settings would be). */
export const tokenIssueSchema = z.object({
  waba_ids: z.array(z.string().min(1)).min(1),
  expires_in: z.number().int().nonnegative().default(0),
  scopes: z.array(scope).min(1).optional(),
});

export const tokenUpdateSchema = z
  .object({
    expire: z.literal(true).optional(),
    revoke: z.literal(true).optional(),
    remove_scope: scope.optional(),
    remove_waba_id: z.string().min(1).optional(),
  })
  .refine((b) => b.expire || b.revoke || b.remove_scope || b.remove_waba_id, {
    message: 'give expire, revoke, remove_scope or remove_waba_id',
  });

export const registrationSchema = z.object({
  registered: z.boolean().optional(),
  /** null removes the PIN. */
  pin: z
    .string()
    .regex(/^\d{6}$/)
    .nullable()
    .optional(),
  /** Forgets past register/deregister calls and wrong guesses. */
  reset_limits: z.boolean().optional(),
});

/** A one-time code as Embedded Signup would hand out, for tests that skip the popup. */
export const codeSchema = z.object({ waba_id: z.string().min(1), token_expires_in: z.number().int().nonnegative().default(0) });

export const signupNextSchema = z.object({
  business_name: z.string().min(1).max(100).optional(),
  phone_count: z.number().int().min(1).max(5).optional(),
  pin: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
  outcome: z.enum(['finish', 'cancel', 'error']).optional(),
  current_step: z
    .enum([
      'BUSINESS_ACCOUNT_SELECTION',
      'WABA_PHONE_PROFILE_PICKER',
      'WHATSAPP_BUSINESS_PROFILE_SETUP',
      'PHONE_NUMBER_SETUP',
      'PHONE_NUMBER_VERIFICATION',
      'PERMISSIONS',
    ])
    .optional(),
  error_message: z.string().min(1).max(500).optional(),
  token_expires_in: z.number().int().nonnegative().optional(),
});

export const ACCOUNT_EVENTS = [
  'ACCOUNT_DELETED',
  'ACCOUNT_VIOLATION',
  'DISABLED_UPDATE',
  'PARTNER_ADDED',
  'PARTNER_REMOVED',
  'PARTNER_APP_INSTALLED',
  'PARTNER_APP_UNINSTALLED',
  'PARTNER_CLIENT_CERTIFICATION_STATUS_UPDATE',
  'AD_ACCOUNT_LINKED',
  'MM_LITE_TERMS_SIGNED',
  'AUTH_INTL_PRICE_ELIGIBILITY_UPDATE',
  'BUSINESS_PRIMARY_LOCATION_COUNTRY_UPDATE',
  'ACCOUNT_OFFBOARDED',
  'ACCOUNT_RECONNECTED',
] as const;

export const accountUpdateSchema = z.object({
  waba_id: z.string().min(1),
  event: z.enum(ACCOUNT_EVENTS),
  /** Extra value fields as the event has them (ban_info, violation_info, phone_number, country, …). */
  details: z.record(z.string(), z.unknown()).default({}),
});
