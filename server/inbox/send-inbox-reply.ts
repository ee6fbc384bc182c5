import { ApiError, notFound } from '@/server/errors/api-error';
import { db, Prisma } from '@/server/db';
import { idFromKey } from '@/server/db/ids';
import { messageApiInclude } from '@/server/messages/present-message';
import { sendMessage } from '@/server/messages/send-message';
import { recordFirstResponse } from '@/server/conversations/conversation-periods';
import { markConversationRead } from './mark-conversation-read';
import { sendWidgetReply } from './send-widget-reply';

export type InboxReply =
  | { type: 'text'; body: string }
  | { type: 'template'; templateId: string; parameters: Record<string, string>; headerParameters: Record<string, string> };

/**
 * An agent's reply from the inbox, through the same send service as `POST /v1/messages`, so
 * the window, template and opt-out rules are the API's. Replying also reads the thread.
 * `clientId`, chosen by the browser for each reply, makes it idempotent: a reply queued while
 * offline, or sent again after a lost answer, is one message (its id is derived from the key).
 * `authorId`, the member replying, is the conversation's first response if it has none yet.
 */
export async function sendInboxReply(orgId: string, contactId: string, reply: InboxReply, clientId?: string, authorId?: string) {
  const contact = await db.contact.findFirst({ where: { id: contactId, orgId }, select: { id: true, channel: true } });
  if (!contact) throw notFound('conversation');
  if (contact.channel === 'widget') {
    // A website visitor has no number: text only, through the agent service (no templates, no window).
    if (reply.type !== 'text' || !authorId)
      throw new ApiError('invalid_parameter', 'A website visitor is answered with text.', { param: 'reply' });
    return sendWidgetReply(orgId, contactId, reply.body, authorId, clientId);
  }
  const messageId = clientId ? idFromKey('message', `${orgId}\n${clientId}`) : undefined;
  const earlier = messageId ? await findReply(orgId, contactId, messageId) : null;
  if (earlier) return earlier;
  const request =
    reply.type === 'text'
      ? ({ contact_id: contactId, type: 'text', text: { body: reply.body } } as const)
      : ({
          contact_id: contactId,
          type: 'template',
          bot_reply: true,
          template: {
            id: reply.templateId,
            parameters: reply.parameters,
            ...(Object.keys(reply.headerParameters).length ? { header_parameters: reply.headerParameters } : {}),
          },
        } as const);
  try {
    const message = await sendMessage(orgId, request, undefined, { messageId, author: { type: 'member', userId: authorId } });
    await markConversationRead(orgId, contactId);
    if (authorId) await recordFirstResponse(orgId, contactId, authorId);
    return message;
  } catch (error) {
    // The same reply, sent twice at once: the other request stored it.
    const duplicate = messageId && error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
    const stored = duplicate ? await findReply(orgId, contactId, messageId) : null;
    if (stored) return stored;
    throw error;
  }
}

function findReply(orgId: string, contactId: string, id: string) {
  return db.message.findFirst({ where: { id, orgId, contactId, direction: 'outgoing' }, include: messageApiInclude });
}
