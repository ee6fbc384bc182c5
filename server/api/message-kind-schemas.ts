import { z } from 'zod';

/**
 * The Message's fields for inbound kinds beyond text and media (docs/messaging-api.md §12): each
 * null unless the message is of that kind. `type` stays one of the six; `content` renders the kind.
 */
const text = z.string().nullable();

export const messageKindFields = {
  location: z
    .object({ latitude: z.number(), longitude: z.number(), name: text, address: text, url: text })
    .nullable()
    .describe('A shared location (`type: text`, `content` its name and address or its coordinates).'),
  contacts: z
    .array(z.object({ name: z.string(), phones: z.array(z.string()), emails: z.array(z.string()) }))
    .nullable()
    .describe('Shared contact cards (`type: text`, `content` their names and first numbers).'),
  sticker: z.object({ animated: z.boolean() }).nullable().describe('A sticker (`type: image`, its image at `GET /v1/media/{message_id}`).'),
  reply: z
    .object({
      kind: z.enum(['button', 'list', 'flow']),
      id: text.describe('The id of the reply button or list row tapped: what integrations branch on. Null for a Flow.'),
      title: text,
      description: text.describe('A list row’s description.'),
      response: z.record(z.string(), z.unknown()).nullable().describe('A Flow’s answers, without its flow token.'),
    })
    .nullable()
    .describe(
      'A tap on an interactive message’s reply button or list row, or a Flow’s answers (`type: text`, `content` the title or a summary).',
    ),
  order: z
    .object({
      catalog_id: text,
      text: text.describe('What the customer wrote with the order.'),
      items: z.array(z.object({ product_retailer_id: z.string(), quantity: z.number(), item_price: z.number().nullable(), currency: text })),
    })
    .nullable()
    .describe('An order from the catalog (`type: text`, `content` the item count and total).'),
  unsupported: z
    .object({ platform_type: z.string(), code: z.number().nullable(), title: text })
    .nullable()
    .describe('A kind the platform or this service does not carry (`content` "[unsupported message]"): its platform type and error.'),
  system: z
    .object({ type: z.string(), body: text, wa_id: text, user_id: text })
    .nullable()
    .describe('A platform note about the customer, such as a changed number: not the customer’s words, no `message.received`.'),
};
