import { db, type DbTx, type MessageType, type Prisma } from '@/server/db';
import { newId } from '@/server/db/ids';
import { addOutboxJob, dispatchOutboxSoon } from '@/server/outbox';
import { messageApiInclude } from './present-message';

export interface OutgoingMessageInput {
  orgId: string;
  accountId: string;
  contactId: string;
  type: MessageType;
  /** Text shown in the inbox and the API (`content`). */
  content: string;
  /** The type-specific part of the platform request, e.g. `{ type: 'text', text: { body } }`. */
  platformBody: Prisma.InputJsonObject;
  templateId?: string;
  templateName?: string;
  reference?: string;
  callbackUrl?: string;
  botReply?: boolean;
  hasMedia?: boolean;
  campaignRecipientId?: string;
}

/**
 * Writes an outgoing message as `pending` and the job that sends it, inside the caller's
 * transaction: no message without its job, no job without its message.
 */
export async function insertOutgoingMessage(tx: DbTx, input: OutgoingMessageInput, id = newId('message')) {
  const message = await tx.message.create({
    include: messageApiInclude,
    data: {
      id,
      orgId: input.orgId,
      accountId: input.accountId,
      contactId: input.contactId,
      direction: 'outgoing',
      type: input.type,
      status: 'pending',
      content: input.content,
      payload: input.platformBody,
      templateId: input.templateId,
      templateName: input.templateName,
      reference: input.reference,
      callbackUrl: input.callbackUrl,
      botReply: input.botReply ?? true,
      hasMedia: input.hasMedia ?? false,
      campaignRecipientId: input.campaignRecipientId,
    },
  });
  await tx.contact.update({
    where: { id: input.contactId },
    data: { lastMessageAt: message.createdAt, lastMessagePreview: input.content.slice(0, 200) },
  });
  const outboxId = await addOutboxJob(tx, {
    queue: 'messages',
    name: 'message.send',
    data: { messageId: id },
    jobId: `message.send-${id}`,
  });
  return { message, outboxId };
}

/** Stores one outgoing message with its send job and hands the job to the queue. */
export async function queueOutgoingMessage(input: OutgoingMessageInput) {
  const { message, outboxId } = await db.$transaction((tx) => insertOutgoingMessage(tx, input));
  await dispatchOutboxSoon([outboxId]);
  return message;
}
