import { z } from 'zod';
import { MAX_URL_LENGTH } from '@/server/http/outbound-policy';
import { messageKindFields } from './message-kind-schemas';

/** Schema pieces shared by several endpoints. */
export const timestamp = z.string().describe('ISO 8601 timestamp, UTC.');

export const accountSchema = z.object({
  id: z.string(),
  name: z.string().describe('Unique within the organization; the `from` of a send.'),
  display_phone_number: z.string(),
  phone_id: z.string().describe("The platform's identifier for the number."),
  is_default_outgoing: z.boolean(),
  quality_rating: z.enum(['GREEN', 'YELLOW', 'RED', 'UNKNOWN']),
  messaging_limit_tier: z.string().nullable().describe('TIER_250, TIER_2K, TIER_10K, TIER_100K or TIER_UNLIMITED; null until synced.'),
  messaging_limit: z
    .number()
    .int()
    .describe(
      'Distinct people that may be newly contacted per rolling 24 hours. 0 means not synced yet (unknown, not zero); -1 means unlimited.',
    ),
  status: z
    .enum(['connected', 'needs_attention', 'disconnected'])
    .describe(
      'Whether the number can send. needs_attention: the platform refused its token or permissions, or the number is restricted or not registered (see status_reason); disconnected: sends from it are refused with account_disconnected.',
    ),
  status_reason: z
    .enum(['token_invalid', 'permission_missing', 'not_registered', 'quality_red', 'restricted', 'webhooks_silent'])
    .nullable()
    .describe('Why it needs attention; null otherwise.'),
});

/** An http(s) URL the service will call or fetch, up to 2,048 characters (the dashboard's rule too). */
export const httpUrl = z.url({ protocol: /^https?$/ }).max(MAX_URL_LENGTH, `At most ${MAX_URL_LENGTH} characters.`);

/** A list page: `{ data, has_more, next_cursor? }`. */
export function listOf<T extends z.ZodType>(item: T, paged = true) {
  return z.object({
    data: z.array(item),
    has_more: z.boolean(),
    ...(paged ? { next_cursor: z.string().optional().describe('Pass as `cursor` to get the next page; present while more pages exist.') } : {}),
  });
}

/** As the caller writes it; the service normalises it to E.164 and refuses anything else (422). */
export const phoneNumber = z.string().min(1).max(32).describe('Phone number in international format, e.g. `+14155550123`. Normalised to E.164.');

export const messageType = z.enum(['text', 'template', 'image', 'video', 'audio', 'document']);

export const messageStatus = z
  .enum(['pending', 'sent', 'delivered', 'read', 'failed'])
  .describe('Only moves forward: pending → sent → delivered → read; `failed` follows pending or sent.');

/** A reaction annotating a message (docs/messaging-api.md, "Reactions"). */
export const reactionSchema = z.object({
  emoji: z.string().describe('The emoji.'),
  by: z.enum(['customer', 'business']).describe('`customer`: the contact reacted; `business`: someone in the inbox.'),
  created_at: timestamp,
});

export const messageSchema = z.object({
  id: z.string(),
  contact_id: z.string(),
  to: z.string().describe("The customer's phone number, E.164."),
  from: z.string().describe('Name of the account the message went through.'),
  type: messageType,
  direction: z.enum(['incoming', 'outgoing']).describe('`incoming` from the customer; `outgoing` from the business (agent, chatbot or API).'),
  status: messageStatus,
  content: z.string().describe('Text content: the body, the filled template, a caption or a tapped button text.'),
  has_media: z.boolean().describe('When true, fetch the bytes from `GET /v1/media/{message_id}`.'),
  template_name: z.string().nullable().describe('On template messages.'),
  wamid: z.string().nullable().describe("The platform's message id, once the platform accepted the message."),
  error_code: z.string().nullable().describe('On `failed` messages: `upstream_failure` when the platform refused it.'),
  error_message: z.string().nullable().describe("On `failed` messages: why, in the platform's words."),
  reference: z.string().nullable().describe("The caller's own id given on a template send."),
  author_type: z
    .enum(['bot', 'member', 'api', 'phone_app'])
    .nullable()
    .describe(
      'Outgoing messages: `bot` (the AI agent), `member` (a person in the inbox), `api`, or `phone_app` (an echo of what staff sent from the WhatsApp Business app on the same number); null for incoming messages and campaign sends.',
    ),
  author: z
    .object({
      type: z.enum(['bot', 'member', 'api', 'phone_app']),
      agent_id: z.string().nullable().optional().describe('`bot`: the agent that wrote it.'),
      run_id: z.string().nullable().optional().describe('`bot`: the run whose reply it is.'),
      member_id: z.string().nullable().optional().describe('`member`: who replied.'),
    })
    .nullable(),
  ...messageKindFields,
  reactions: z
    .array(reactionSchema)
    .optional()
    .describe(
      'Reactions on this message, at most one per side, oldest first. On reads of a message (`GET /v1/messages/{id}`, conversation lists) and `message.reaction`; status events leave it out.',
    ),
  created_at: timestamp,
  updated_at: timestamp,
});
