import type { Message } from '@/server/db';

export type MessageForApi = Message & { contact: { phoneNumber: string }; account: { name: string } };

/** What `presentMessage` reads: a MessageForApi, or a message just stored without the ORM. */
export type PresentableMessage = Pick<
  MessageForApi,
  | 'id'
  | 'contactId'
  | 'contact'
  | 'account'
  | 'type'
  | 'direction'
  | 'status'
  | 'content'
  | 'hasMedia'
  | 'templateName'
  | 'reference'
  | 'wamid'
  | 'errorMessage'
  | 'errorCode'
  | 'createdAt'
  | 'updatedAt'
>;

/** Relations a query needs for `presentMessage`. */
export const messageApiInclude = {
  contact: { select: { phoneNumber: true } },
  account: { select: { name: true } },
} as const;

/**
 * The Message resource. `to` is always the contact's number and `from` the account's name,
 * whichever way the message went; `direction` tells which. `wamid` and the optional fields
 * appear only when set.
 */
export function presentMessage(message: PresentableMessage, options: { detailed?: boolean } = {}) {
  return {
    id: message.id,
    contact_id: message.contactId,
    to: message.contact.phoneNumber,
    from: message.account.name,
    type: message.type,
    direction: message.direction,
    status: message.status,
    content: message.content,
    has_media: message.hasMedia,
    ...(message.templateName ? { template_name: message.templateName } : {}),
    ...(message.reference ? { reference: message.reference } : {}),
    ...(options.detailed && message.wamid ? { wamid: message.wamid } : {}),
    ...(message.errorMessage ? { error_message: message.errorMessage } : {}),
    ...(message.errorCode ? { error_code: message.errorCode } : {}),
    created_at: message.createdAt.toISOString(),
    updated_at: message.updatedAt.toISOString(),
  };
}
