import { db, type DbTx, type MessageType, type Prisma } from '@/server/db';
import { newId } from '@/server/db/ids';
import { addOutboxJob, dispatchOutboxSoon } from '@/server/outbox';
import { jobSchema } from '@/server/queues';
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

function messageRow(input: OutgoingMessageInput, id: string, createdAt?: Date): Prisma.MessageCreateManyInput {
  return {
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
    createdAt,
  };
}

const sendJobId = (messageId: string) => `message.send-${messageId}`;

/**
 * Writes an outgoing message as `pending` and the job that sends it, inside the caller's
 * transaction: no message without its job, no job without its message.
 */
export async function insertOutgoingMessage(tx: DbTx, input: OutgoingMessageInput, id = newId('message')) {
  const message = await tx.message.create({ include: messageApiInclude, data: messageRow(input, id) });
  await tx.contact.update({
    where: { id: input.contactId },
    data: { lastMessageAt: message.createdAt, lastMessagePreview: input.content.slice(0, 200) },
  });
  const outboxId = await addOutboxJob(tx, { queue: 'messages', name: 'message.send', data: { messageId: id }, jobId: sendJobId(id) });
  return { message, outboxId };
}

/**
 * `insertOutgoingMessage` for many messages at once (a campaign chunk), with the same
 * guarantee, in a constant number of statements. Returns the send jobs' outbox row ids.
 */
export async function insertOutgoingMessages(tx: DbTx, inputs: OutgoingMessageInput[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const createdAt = new Date();
  const ids = inputs.map(() => newId('message'));
  await tx.message.createMany({ data: inputs.map((input, i) => messageRow(input, ids[i] as string, createdAt)) });
  // One row per contact: with several messages to one contact the last one is its preview.
  const previews = new Map(inputs.map((input) => [input.contactId, input.content.slice(0, 200)]));
  await tx.$executeRaw`
    UPDATE contacts c SET last_message_at = ${createdAt}, last_message_preview = batch.preview, updated_at = now()
    FROM unnest(${[...previews.keys()]}::text[], ${[...previews.values()]}::text[]) AS batch(id, preview)
    WHERE c.id = batch.id`;
  const schema = jobSchema('messages', 'message.send') as NonNullable<ReturnType<typeof jobSchema>>;
  const outbox = ids.map((id) => ({ id: newId('outbox'), queue: 'messages', name: 'message.send', data: schema.parse({ messageId: id }) as object, jobId: sendJobId(id) }));
  await tx.outboxJob.createMany({ data: outbox });
  return outbox.map((row) => row.id);
}

/** Stores one outgoing message with its send job and hands the job to the queue. */
export async function queueOutgoingMessage(input: OutgoingMessageInput) {
  const { message, outboxId } = await db.$transaction((tx) => insertOutgoingMessage(tx, input));
  await dispatchOutboxSoon([outboxId]);
  return message;
}
