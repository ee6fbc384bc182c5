import { notFound } from '@/server/api/api-error';
import { db } from '@/server/db';
import { sendMessage } from '@/server/messages/send-message';
import { markConversationRead } from './mark-conversation-read';

export type InboxReply =
  | { type: 'text'; body: string }
  | { type: 'template'; templateId: string; parameters: Record<string, string>; headerParameters: Record<string, string> };

/**
 * An agent's reply from the inbox, through the same send service as `POST /v1/messages`, so
 * the window, template and opt-out rules are the API's. Replying also reads the thread.
 */
export async function sendInboxReply(orgId: string, contactId: string, reply: InboxReply) {
  const contact = await db.contact.findFirst({ where: { id: contactId, orgId }, select: { id: true } });
  if (!contact) throw notFound('conversation');
  const message =
    reply.type === 'text'
      ? await sendMessage(orgId, { contact_id: contactId, type: 'text', text: { body: reply.body } })
      : await sendMessage(orgId, {
          contact_id: contactId,
          type: 'template',
          bot_reply: true,
          template: {
            id: reply.templateId,
            parameters: reply.parameters,
            ...(Object.keys(reply.headerParameters).length ? { header_parameters: reply.headerParameters } : {}),
          },
        });
  await markConversationRead(orgId, contactId);
  return message;
}
