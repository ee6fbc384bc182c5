import { db, type MessageType, type Prisma } from '@/server/db';
import { newId } from '@/server/db/ids';
import { addOutboxJob, dispatchOutboxSoon } from '@/server/outbox';

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
}

/**
 * Stores an outgoing message as `pending` together with the job that sends it (one
 * transaction), then hands the job to the queue. Returns the stored message.
 */
export async function queueOutgoingMessage(input: OutgoingMessageInput) {
  const id = newId('message');
  const { message, outboxId } = await db.$transaction(async (tx) => {
    const message = await tx.message.create({
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
  });
  await dispatchOutboxSoon([outboxId]);
  return message;
}
