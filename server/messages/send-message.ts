import { ApiError } from '@/server/errors/api-error';
import { db, type Prisma } from '@/server/db';
import { newId } from '@/server/db/ids';
import { checkOutboundUrl } from '@/server/http/outbound-policy';
import type { TemplateShape } from '@/server/templates/from-platform';
import type { SendMessageRequest } from './send-message-request';
import { prepareHeaderMedia, prepareMessageMedia, saveFetchedMedia, type AttachedMedia, type PreparedMedia } from './outgoing-media';
import { insertOutgoingMessage, queueOutgoingMessage, type MessageAuthorInput, type OutgoingMessageInput } from './queue-outgoing-message';
import { chooseAccount, resolveSendParties, resolveTemplate, type SendTemplate } from './resolve-send-parties';
import { buildTemplateSend, templateForSend } from './template-send';

const WINDOW_MS = 24 * 3600_000;

export interface SendOptions {
  /**
   * The message's id, chosen by the caller so a retried request writes the same row (its
   * primary key refuses a second copy: Prisma's P2002). Stored in a transaction of its own,
   * not the shared accept statement, where one refused row would fail the others.
   */
  messageId?: string;
  /** Who writes it (docs/agent-api.md §2.4): `api` for POST /v1/messages, `member` from the inbox. */
  author?: MessageAuthorInput;
}

/** Whether free-form messages may go to a contact: within 24 hours of its last inbound message. */
export function windowOpen(lastInboundAt: Date | null | undefined, now = Date.now()): boolean {
  return !!lastInboundAt && now - lastInboundAt.getTime() < WINDOW_MS;
}

/**
 * The platform's rules that depend on the contact: a MARKETING template not to someone who
 * opted out, free-form messages only inside the 24-hour window. Every send path checks them
 * here (the API, the inbox, a retry).
 */
export function assertMaySend(
  phoneNumber: string,
  contact: { optedOutMarketing: boolean; lastInboundAt: Date | null } | null | undefined,
  template: { name: string; category: string } | null,
): void {
  if (template?.category === 'MARKETING' && contact?.optedOutMarketing) {
    throw new ApiError('contact_opted_out', `${phoneNumber} opted out of marketing messages; \`${template.name}\` is a MARKETING template.`);
  }
  if (!template && !windowOpen(contact?.lastInboundAt)) {
    throw new ApiError(
      'service_window_closed',
      `${phoneNumber} has not written in the last 24 hours, so only an approved template can be sent.`,
      { param: 'type' },
    );
  }
}

/**
 * `POST /v1/messages`: checks everything the platform would refuse (template approval and
 * variables, marketing opt-outs, the 24-hour window, media), then stores the message as
 * `pending` with its send job in one transaction. The worker does the sending.
 */
export async function sendMessage(orgId: string, request: SendMessageRequest, attached?: AttachedMedia, options: SendOptions = {}) {
  const parties = await resolveSendParties(orgId, request);
  const { contact, phoneNumber } = parties;
  const template = request.type === 'template' ? await resolveTemplate(orgId, request.template, request.from) : null;
  const account = chooseAccount(parties, request.from, template);

  if (template && template.accountId !== account.id) {
    throw new ApiError('invalid_parameter', `Template \`${template.name}\` belongs to another account than \`${account.name}\`.`, {
      param: 'from',
    });
  }
  assertMaySend(phoneNumber, contact, template);

  let platformBody: Prisma.InputJsonObject;
  let content: string;
  let media: PreparedMedia | null = null;
  if (request.type === 'template') {
    if (request.callback_url !== undefined) {
      const check = checkOutboundUrl(request.callback_url);
      if (!check.ok) throw new ApiError('url_not_allowed', `\`callback_url\` is not allowed: ${check.reason}.`, { param: 'callback_url' });
    }
    const approved = template as SendTemplate; // resolved above for every template send
    const header = await prepareHeaderMedia(approved.header as TemplateShape['header'], request.template.header_media);
    media = header.media;
    const built = buildTemplateSend(templateForSend(approved), request.template, header.ref);
    platformBody = { type: 'template', template: built.payload as unknown as Prisma.InputJsonObject };
    content = built.content;
  } else if (request.type === 'text') {
    platformBody = { type: 'text', text: { body: request.text.body } };
    content = request.text.body;
  } else {
    const prepared = await prepareMessageMedia(request, attached);
    platformBody = prepared.platformBody;
    content = prepared.content;
    media = prepared.media;
  }

  const common = {
    orgId,
    accountId: account.id,
    type: request.type,
    content,
    platformBody,
    templateId: template?.id,
    templateName: template?.name,
    author: options.author,
    ...(request.type === 'template' ? { reference: request.reference, callbackUrl: request.callback_url, botReply: request.bot_reply } : {}),
  };
  if (options.messageId && contact && !media) {
    const messageId = options.messageId;
    return db.$transaction((tx) => insertOutgoingMessage(tx, { ...common, contactId: contact.id }, messageId));
  }
  if (!media) return queueOutgoingMessage({ ...common, phoneNumber, accountName: account.name });
  return queueOutgoingMessageWithMedia(orgId, phoneNumber, contact?.id, { ...common, hasMedia: true }, media);
}

/** A message with media: its bytes and media row are stored in the message's transaction. */
async function queueOutgoingMessageWithMedia(
  orgId: string,
  phoneNumber: string,
  knownContactId: string | undefined,
  input: Omit<OutgoingMessageInput, 'contactId'>,
  media: PreparedMedia,
) {
  const messageId = newId('message');
  return db.$transaction(async (tx) => {
    const contactId =
      knownContactId ??
      (
        await tx.contact.upsert({
          where: { orgId_phoneNumber: { orgId, phoneNumber } },
          create: { id: newId('contact'), orgId, phoneNumber, accountId: input.accountId },
          update: {},
          select: { id: true },
        })
      ).id;
    const message = await insertOutgoingMessage(tx, { ...input, contactId }, messageId);
    await saveFetchedMedia(tx, orgId, messageId, media);
    return message;
  });
}
