import type { DbTx, MessageType, Prisma } from '@/server/db';
import { newId } from '@/server/db/ids';
import { getPgPool } from '@/server/db/pg';
import { addOutboxJob, addOutboxJobs, dispatchOutboxRowsSoon, type OutboxRow } from '@/server/outbox';
import { jobSchema, SEND_BATCH_MAX } from '@/server/queues';
import { messageApiInclude, type PresentableMessage } from './present-message';

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

function messageRow(input: OutgoingMessageInput, id: string): Prisma.MessageCreateManyInput {
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
  };
}

/** A send job is named after its first message (and its size, when it holds several). */
const sendJobId = (messageIds: string[]) => `message.send-${messageIds[0]}${messageIds.length > 1 ? `-x${messageIds.length}` : ''}`;

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
  const outboxId = await addOutboxJob(tx, {
    queue: 'messages', name: 'message.send', data: { accountId: input.accountId, messageIds: [id] }, jobId: sendJobId([id]),
  });
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
  // Raw SQL: campaigns hand off hundreds of messages per statement, where the ORM's cost per row showed.
  const column = <T>(pick: (input: OutgoingMessageInput) => T) => inputs.map(pick);
  await tx.$executeRaw`
    INSERT INTO messages (id, org_id, contact_id, account_id, direction, type, status, content, payload, template_id, template_name,
                          reference, callback_url, bot_reply, has_media, campaign_recipient_id, created_at, updated_at)
    SELECT t.id, t.org_id, t.contact_id, t.account_id, 'outgoing', t.type::"MessageType", 'pending', t.content, t.payload,
           t.template_id, t.template_name, t.reference, t.callback_url, t.bot_reply, t.has_media, t.campaign_recipient_id, ${createdAt}, ${createdAt}
    FROM unnest(${ids}::text[], ${column((i) => i.orgId)}::text[], ${column((i) => i.contactId)}::text[], ${column((i) => i.accountId)}::text[],
                ${column((i) => i.type)}::text[], ${column((i) => i.content)}::text[], ${column((i) => JSON.stringify(i.platformBody))}::jsonb[],
                ${column((i) => i.templateId ?? null)}::text[], ${column((i) => i.templateName ?? null)}::text[], ${column((i) => i.reference ?? null)}::text[],
                ${column((i) => i.callbackUrl ?? null)}::text[], ${column((i) => i.botReply ?? true)}::boolean[], ${column((i) => i.hasMedia ?? false)}::boolean[],
                ${column((i) => i.campaignRecipientId ?? null)}::text[])
      AS t(id, org_id, contact_id, account_id, type, content, payload, template_id, template_name, reference, callback_url, bot_reply, has_media, campaign_recipient_id)`;
  // One row per contact: with several messages to one contact the last one is its preview.
  const previews = new Map(inputs.map((input) => [input.contactId, input.content.slice(0, 200)]));
  await tx.$executeRaw`
    UPDATE contacts c SET last_message_at = ${createdAt}, last_message_preview = batch.preview, updated_at = now()
    FROM unnest(${[...previews.keys()]}::text[], ${[...previews.values()]}::text[]) AS batch(id, preview)
    WHERE c.id = batch.id`;
  // One send job per account and SEND_BATCH_MAX messages.
  const byAccount = new Map<string, string[]>();
  inputs.forEach((input, i) => byAccount.set(input.accountId, [...(byAccount.get(input.accountId) ?? []), ids[i] as string]));
  return addOutboxJobs(
    tx,
    [...byAccount].flatMap(([accountId, messageIds]) =>
      chunks(messageIds, SEND_BATCH_MAX).map((batch) => ({
        queue: 'messages' as const, name: 'message.send' as const, data: { accountId, messageIds: batch }, jobId: sendJobId(batch),
      })),
    ),
  );
}

export type NewOutgoingMessage = Omit<OutgoingMessageInput, 'contactId' | 'hasMedia' | 'campaignRecipientId'> & {
  /** The contact's number: an existing contact is found by it, a new one created. */
  phoneNumber: string;
  accountName: string;
};

/**
 * Stores an outgoing message without media (media needs its bytes stored with the row:
 * `insertOutgoingMessage`) in one statement, so atomic without a transaction's round trips:
 * the contact (created if new, its last message updated), the message as `pending` and its
 * send job's outbox row. Then hands the job to the queue.
 */
export async function queueOutgoingMessage(input: NewOutgoingMessage, id = newId('message')): Promise<PresentableMessage> {
  const outbox: OutboxRow = {
    id: newId('outbox'), queue: 'messages', name: 'message.send', data: sendJobData(input.accountId, [id]), job_id: sendJobId([id]), run_at: null,
  };
  const { rows } = await getPgPool().query<{ contactId: string; createdAt: Date }>({
    name: 'queue-outgoing-message',
    text: `WITH contact AS (
             INSERT INTO contacts (id, org_id, phone_number, account_id, last_message_at, last_message_preview, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $5, $5)
             ON CONFLICT (org_id, phone_number) DO UPDATE
               SET last_message_at = EXCLUDED.last_message_at, last_message_preview = EXCLUDED.last_message_preview, updated_at = EXCLUDED.updated_at
             RETURNING id
           ), message AS (
             INSERT INTO messages (id, org_id, contact_id, account_id, direction, type, status, content, payload,
                                   template_id, template_name, reference, callback_url, bot_reply, created_at, updated_at)
             SELECT $7, $2, contact.id, $4, 'outgoing', $8::"MessageType", 'pending', $9, $10::jsonb, $11, $12, $13, $14, $15, $5, $5
             FROM contact
             RETURNING contact_id, created_at
           ), job AS (
             INSERT INTO outbox_jobs (id, queue, name, data, job_id) VALUES ($16, $17, $18, $19::jsonb, $20)
           )
           SELECT contact_id AS "contactId", created_at AS "createdAt" FROM message`,
    values: [
      newId('contact'), input.orgId, input.phoneNumber, input.accountId, new Date(), input.content.slice(0, 200),
      id, input.type, input.content, JSON.stringify(input.platformBody), input.templateId ?? null, input.templateName ?? null,
      input.reference ?? null, input.callbackUrl ?? null, input.botReply ?? true,
      outbox.id, outbox.queue, outbox.name, JSON.stringify(outbox.data), outbox.job_id,
    ],
  });
  const { contactId, createdAt } = rows[0] as { contactId: string; createdAt: Date };
  await dispatchOutboxRowsSoon([outbox]);
  return {
    id, contactId, contact: { phoneNumber: input.phoneNumber }, account: { name: input.accountName },
    type: input.type, direction: 'outgoing', status: 'pending', content: input.content, hasMedia: false,
    templateName: input.templateName ?? null, reference: input.reference ?? null, wamid: null, errorCode: null, errorMessage: null,
    createdAt, updatedAt: createdAt,
  };
}

function sendJobData(accountId: string, messageIds: string[]): Record<string, unknown> {
  const schema = jobSchema('messages', 'message.send') as NonNullable<ReturnType<typeof jobSchema>>;
  return schema.parse({ accountId, messageIds }) as Record<string, unknown>;
}

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}
