import { z } from 'zod';
import { eventCatalogue, type EventName } from '@/server/webhook-events/catalogue';
import { campaignSchema } from './endpoints/campaigns';
import { messageSchema, reactionSchema, timestamp } from './schemas';

/**
 * What a webhook delivery of each catalogue event carries: `{id, event, created_at}` and the
 * event's subject at the top level (server/webhook-events/publish-event.ts). The OpenAPI
 * document's `webhooks` section is generated from these; a new catalogue event needs its entry.
 */
const contact = z.object({ id: z.string(), phone_number: z.string(), name: z.string().nullable() });

const subjects: Record<EventName, z.ZodObject> = {
  'message.received': z.object({
    message: messageSchema,
    bot_reply: z.boolean().describe('False when the message answers a template sent with `bot_reply: false`: no bot or AI answers it.'),
  }),
  'message.sent': z.object({ message: messageSchema }),
  'message.delivered': z.object({ message: messageSchema }),
  'message.read': z.object({ message: messageSchema }),
  'message.failed': z.object({ message: messageSchema }),
  'message.reaction': z.object({
    reaction: reactionSchema.extend({
      emoji: z.string().nullable().describe('The emoji; null when the reaction was removed.'),
    }),
    message: messageSchema.describe('The message reacted to, with its `reactions` as they are now.'),
    contact,
  }),
  'button.reply': z.object({
    button: z.object({ id: z.string().describe('The payload given in `button_parameters`, else the button text.'), text: z.string() }),
    in_reply_to: z.object({ message_id: z.string(), wamid: z.string().nullable(), reference: z.string().nullable() }),
    contact,
    message: messageSchema.describe('The incoming message of the tap.'),
  }),
  'campaign.completed': z.object({ campaign: campaignSchema }),
  'campaign.failed': z.object({ campaign: campaignSchema }),
  'campaign.throttled': z.object({ campaign: campaignSchema }),
  'template.status_updated': z.object({
    template: z.object({
      id: z.string(),
      name: z.string(),
      language: z.string(),
      status: z.string(),
      reason: z.string().nullable().describe("The platform's reason for a rejection or pause (e.g. INVALID_FORMAT); null when it gives none."),
      detail: z
        .string()
        .nullable()
        .describe("The platform's own words: a rejection's recommendation or a pause's description; null when it gives none."),
    }),
  }),
  'account.quality_updated': z.object({ account: z.object({ id: z.string(), name: z.string(), quality_rating: z.string() }) }),
};

/** The whole delivered body of `event`. */
export function webhookPayloadSchema(event: EventName): z.ZodObject {
  return z
    .object({
      id: z.string().describe('The event id; a retried delivery repeats it.'),
      event: z.literal(event),
      created_at: timestamp,
      test: z.literal(true).optional().describe('Only on test deliveries.'),
    })
    .extend(subjects[event].shape);
}

export const webhookEvents = eventCatalogue.map(({ value, description }) => ({ event: value, description, schema: webhookPayloadSchema(value) }));
