import { z } from 'zod';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { httpUrl, messageSchema, phoneNumber } from '../schemas';

const exactlyOne = (a: string, b: string) => (value: Record<string, unknown>) => (value[a] === undefined) !== (value[b] === undefined);

const mediaSource = {
  link: httpUrl
    .optional()
    .describe('Public http(s) URL; the service fetches it (15 MB maximum) and uploads it. Private and internal addresses are refused.'),
  id: z.string().min(1).optional().describe('A media id already uploaded to the platform: for larger files, or to avoid re-uploading.'),
};

function mediaObject<Shape extends z.ZodRawShape>(extra: Shape) {
  return z
    .object({ ...mediaSource, ...extra })
    .strict()
    .refine(exactlyOne('link', 'id'), { message: 'Give exactly one of `link` or `id`.', path: ['link'] })
    .describe('Exactly one of `link` or `id`.');
}

const caption = z.string().max(1024).optional().describe('Shown under the media, up to 1,024 characters.');

const variables = z.record(z.string(), z.string());

const templateObject = z
  .object({
    name: z.string().min(1).optional().describe('Template name. Alternatively `id`. The template must be `APPROVED`.'),
    id: z.string().min(1).optional().describe('Template id, instead of `name`.'),
    parameters: variables
      .optional()
      .describe('Body variables, keyed by name, or by position (`"1"`, `"2"`) for positional templates. Every declared variable is required.'),
    header_parameters: variables.optional().describe('Header variables, indexed separately from body variables.'),
    button_parameters: variables
      .optional()
      .describe(
        'Keyed by button index: the variable of a dynamic URL button, the code of a copy-code button, or the payload of a quick-reply button.',
      ),
    header_media: z
      .union([
        z.object({ id: z.string().min(1).describe('Media id already uploaded to the platform.') }).strict(),
        z.object({ link: httpUrl.describe('Public http(s) URL of the file.'), filename: z.string().max(240).optional() }).strict(),
      ])
      .optional()
      .describe('For templates whose header is an image, video or document: `{ id }` or `{ link, filename? }`.'),
  })
  .strict()
  .refine(exactlyOne('name', 'id'), { message: 'Give exactly one of `name` or `id`.', path: ['name'] });

const recipient = {
  to: phoneNumber
    .optional()
    .describe('Recipient in international format. A contact is created if none exists. Exactly one of `to` or `contact_id`.'),
  contact_id: z.string().min(1).optional().describe('An existing contact, instead of `to`.'),
  from: z
    .string()
    .min(1)
    .optional()
    .describe("Account name. Default: the template's account, then the contact's, then the organization's default account."),
};

const sendVariant = <T extends string, Shape extends z.ZodRawShape>(type: T, shape: Shape) =>
  z.object({ ...recipient, type: z.literal(type), ...shape }).strict();

const sendMessageBody = z
  .discriminatedUnion('type', [
    sendVariant('text', {
      text: z.object({ body: z.string().min(1).max(4096).describe('Up to 4,096 characters.') }).strict(),
    }),
    sendVariant('template', {
      template: templateObject,
      reference: z
        .string()
        .max(255)
        .optional()
        .describe('Your own id for this message, up to 255 characters. Returned as `in_reply_to.reference` when a button is tapped.'),
      callback_url: httpUrl
        .optional()
        .describe('Receives `button.reply` events for taps on this message, unsigned, without a webhook. Public http(s) only.'),
      bot_reply: z
        .boolean()
        .default(true)
        .describe('False keeps replies to this message away from the chatbot and AI; they are still stored, shown and sent to webhooks.'),
    }),
    sendVariant('image', { image: mediaObject({ caption }) }),
    sendVariant('video', { video: mediaObject({ caption }) }),
    sendVariant('audio', {
      audio: mediaObject({ voice: z.boolean().optional().describe('True sends a push-to-talk voice note.') }),
    }),
    sendVariant('document', {
      document: mediaObject({ caption, filename: z.string().max(240).optional().describe('Shown to the recipient.') }),
    }),
  ])
  .refine(exactlyOne('to', 'contact_id'), { message: 'Give exactly one of `to` or `contact_id`.', path: ['to'] });

export const sendMessage = defineEndpoint({
  operationId: 'sendMessage',
  method: 'POST',
  path: '/v1/messages',
  tag: 'Messages',
  summary: 'Send a message',
  description:
    'One endpoint for every type, chosen by `type`; the object named after the type carries the content. ' +
    'Sending is asynchronous: the message is stored and queued as `pending`, and later statuses arrive as webhook events ' +
    'or by polling `GET /v1/messages/{id}`. Free-form messages need an open 24-hour customer service window; ' +
    'outside it only approved templates can be sent. A refusal by the platform after acceptance ends as `status: failed` ' +
    'with `error_code: upstream_failure` and the event `message.failed`.',
  scope: 'messages:send',
  body: sendMessageBody,
  idempotent: true,
  response: {
    status: 201,
    description: 'Accepted and queued (`status: pending`), not yet delivered',
    schema: messageSchema.pick({
      id: true,
      contact_id: true,
      to: true,
      from: true,
      type: true,
      direction: true,
      status: true,
      content: true,
      has_media: true,
      author_type: true,
      created_at: true,
    }),
  },
  errors: [
    'resource_not_found',
    'template_not_approved',
    'missing_template_parameter',
    'account_not_found',
    'account_disconnected',
    'no_connected_account',
    'contact_opted_out',
    'service_window_closed',
    'url_not_allowed',
    'media_too_large',
    'upstream_failure',
  ],
});

export const getMessage = defineEndpoint({
  operationId: 'getMessage',
  method: 'GET',
  path: '/v1/messages/{id}',
  tag: 'Messages',
  summary: 'Read a message and its current status',
  scope: 'messages:read',
  params: z.object({ id: z.string().describe('Message id.') }),
  response: { status: 200, description: 'The message', schema: messageSchema },
  errors: ['resource_not_found'],
});

export const endpoints = [sendMessage, getMessage];
