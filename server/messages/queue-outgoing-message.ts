import type { Sql } from '@/server/db/sql';
import type { DbTx, MessageType, Prisma } from '@/server/db';
import { idFromKey, newId } from '@/server/db/ids';
import { batchedCalls } from '@/server/db/batched-calls';
import { getPgPool } from '@/server/db/pg';
import { prismaSql } from '@/server/db/sql';
import { addOutboxJob, addOutboxJobs } from '@/server/outbox';
import { jobSchema, SEND_BATCH_MAX } from '@/server/queues';
import { messagePreview, PREVIEW_LENGTH } from './message-preview';
import { messageApiInclude, type PresentableMessage } from './present-message';

/** Who writes an outgoing message (docs/agent-api.md §2.4); campaign sends have none. */
export interface MessageAuthorInput {
  /** `phone_app` only on a retried echo's row, which never happens: echoes are sent already. */
  type: 'bot' | 'member' | 'api' | 'phone_app';
  /** The bot's agent and run. */
  agentId?: string;
  runId?: string;
  /** The member replying in the inbox. */
  userId?: string;
}

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
  author?: MessageAuthorInput;
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
    authorType: input.author?.type,
    authorAgentId: input.author?.agentId,
    authorRunId: input.author?.runId,
    authorUserId: input.author?.userId,
  };
}

/**
 * A person wrote to the customer (docs/agent-api.md §2.5): a message not from the bot and not a
 * template (campaigns and templates are `bot_reply`'s business). Its `agent.takeover` job,
 * written with it, stops the bot of the contact's WhatsApp session.
 */
const isHumanReply = (input: Pick<OutgoingMessageInput, 'author' | 'type'>) =>
  (input.author?.type === 'member' || input.author?.type === 'api') && input.type !== 'template';
/** Also written with an echo (store-echo-message.ts): staff replying from the phone app take over alike. */
export const takeoverJob = (messageId: string) =>
  ({ queue: 'agent-runs', name: 'agent.takeover', data: { messageId }, jobId: `agent-takeover-${messageId}` }) as const;

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
    data: { lastMessageAt: message.createdAt, lastMessagePreview: messagePreview(input.content) },
  });
  await addOutboxJob(prismaSql(tx), {
    queue: 'messages',
    name: 'message.send',
    data: { accountId: input.accountId, messageIds: [id] },
    jobId: sendJobId([id]),
  });
  if (isHumanReply(input)) await addOutboxJob(prismaSql(tx), takeoverJob(id));
  return message;
}

/**
 * `insertOutgoingMessage` for many messages at once (a campaign chunk), with the same
 * guarantee, in a constant number of statements.
 */
export async function insertOutgoingMessages(tx: DbTx, inputs: OutgoingMessageInput[]): Promise<void> {
  if (inputs.length === 0) return;
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
  const previews = new Map(inputs.map((input) => [input.contactId, messagePreview(input.content)]));
  await tx.$executeRaw`
    UPDATE contacts c SET last_message_at = ${createdAt}, last_message_preview = batch.preview, updated_at = now()
    FROM unnest(${[...previews.keys()]}::text[], ${[...previews.values()]}::text[]) AS batch(id, preview)
    WHERE c.id = batch.id`;
  // One send job per account and SEND_BATCH_MAX messages.
  const byAccount = new Map<string, string[]>();
  inputs.forEach((input, i) => byAccount.set(input.accountId, [...(byAccount.get(input.accountId) ?? []), ids[i] as string]));
  await addOutboxJobs(
    prismaSql(tx),
    [...byAccount].flatMap(([accountId, messageIds]) =>
      chunks(messageIds, SEND_BATCH_MAX).map((batch) => ({
        queue: 'messages' as const,
        name: 'message.send' as const,
        data: { accountId, messageIds: batch },
        jobId: sendJobId(batch),
      })),
    ),
  );
}

export type NewOutgoingMessage = Omit<OutgoingMessageInput, 'contactId' | 'hasMedia' | 'campaignRecipientId'> & {
  /** The contact's number: an existing contact is found by it, a new one created. */
  phoneNumber: string;
  accountName: string;
};

interface QueuedMessage {
  id: string;
  input: NewOutgoingMessage;
  /** Its `message.send` outbox row (queue and job name are the statement's). */
  outbox: { id: string; data: Record<string, unknown>; jobId: string };
}

/**
 * Stores messages without media in one statement, so atomic without a transaction's round
 * trips: their contacts (created if new, the last message updated), the messages as `pending`
 * and their send jobs' outbox rows. Messages accepted at the same time share the statement,
 * whose commit wakes the worker's outbox relay to hand the jobs to the queue.
 */
const storeTogether = batchedCalls(async (queued: QueuedMessage[]) => {
  const now = new Date();
  const column = <T>(pick: (message: QueuedMessage) => T) => queued.map(pick);
  const { rows } = await getPgPool().query<{ id: string; contact_id: string }>({
    name: 'queue-outgoing-messages',
    // One contact row per number (the last message is its preview): a statement cannot upsert a row twice.
    text: `WITH input AS (
             SELECT * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::jsonb[],
                                  $10::text[], $11::text[], $12::text[], $13::text[], $14::boolean[], $15::text[], $16::jsonb[], $17::text[],
                                  $18::text[], $19::text[], $20::text[])
               WITH ORDINALITY AS t(id, contact_id, org_id, phone_number, account_id, type, content, payload,
                                    template_id, template_name, reference, callback_url, bot_reply, outbox_id, outbox_data, job_id,
                                    author_type, author_user_id, takeover_id, n)
           ), contact AS (
             INSERT INTO contacts (id, org_id, phone_number, account_id, last_message_at, last_message_preview, created_at, updated_at)
             SELECT DISTINCT ON (org_id, phone_number) contact_id, org_id, phone_number, account_id, $1, left(content, ${PREVIEW_LENGTH}), $1, $1
             FROM input ORDER BY org_id, phone_number, n DESC
             ON CONFLICT (org_id, phone_number) DO UPDATE
               SET last_message_at = EXCLUDED.last_message_at, last_message_preview = EXCLUDED.last_message_preview, updated_at = EXCLUDED.updated_at
             RETURNING id, org_id, phone_number
           ), message AS (
             INSERT INTO messages (id, org_id, contact_id, account_id, direction, type, status, content, payload,
                                   template_id, template_name, reference, callback_url, bot_reply, author_type, author_user_id, created_at, updated_at)
             SELECT i.id, i.org_id, contact.id, i.account_id, 'outgoing', i.type::"MessageType", 'pending', i.content, i.payload,
                    i.template_id, i.template_name, i.reference, i.callback_url, i.bot_reply, i.author_type::"MessageAuthor", i.author_user_id, $1, $1
             FROM input i JOIN contact USING (org_id, phone_number)
             RETURNING id, contact_id
           ), job AS (
             INSERT INTO outbox_jobs (id, queue, name, data, job_id) SELECT outbox_id, 'messages', 'message.send', outbox_data, job_id FROM input
           ), takeover AS (
             INSERT INTO outbox_jobs (id, queue, name, data, job_id)
             SELECT takeover_id, 'agent-runs', 'agent.takeover', jsonb_build_object('messageId', id), 'agent-takeover-' || id FROM input
              WHERE takeover_id IS NOT NULL
           )
           SELECT id, contact_id FROM message`,
    values: [
      now,
      column((m) => m.id),
      column(() => newId('contact')),
      column((m) => m.input.orgId),
      column((m) => m.input.phoneNumber),
      column((m) => m.input.accountId),
      column((m) => m.input.type),
      column((m) => m.input.content),
      column((m) => JSON.stringify(m.input.platformBody)),
      column((m) => m.input.templateId ?? null),
      column((m) => m.input.templateName ?? null),
      column((m) => m.input.reference ?? null),
      column((m) => m.input.callbackUrl ?? null),
      column((m) => m.input.botReply ?? true),
      column((m) => m.outbox.id),
      column((m) => JSON.stringify(m.outbox.data)),
      column((m) => m.outbox.jobId),
      column((m) => m.input.author?.type ?? null),
      column((m) => m.input.author?.userId ?? null),
      column((m) => (isHumanReply(m.input) ? newId('outbox') : null)),
    ],
  });
  return { createdAt: now, contactIds: new Map(rows.map((row) => [row.id, row.contact_id])) };
}, 5);

/** Stores an outgoing message without media (media needs its bytes stored with the row: `insertOutgoingMessage`); the outbox relay queues its job. */
export async function queueOutgoingMessage(input: NewOutgoingMessage, id = newId('message')): Promise<PresentableMessage> {
  const outbox = { id: newId('outbox'), data: sendJobData(input.accountId, [id]), jobId: sendJobId([id]) };
  const { createdAt, contactIds } = await storeTogether({ id, input, outbox });
  return {
    id,
    contactId: contactIds.get(id) as string,
    contact: { phoneNumber: input.phoneNumber },
    account: { name: input.accountName },
    type: input.type,
    direction: 'outgoing',
    status: 'pending',
    content: input.content,
    hasMedia: false,
    templateName: input.templateName ?? null,
    reference: input.reference ?? null,
    authorType: input.author?.type ?? null,
    authorAgentId: null,
    authorRunId: null,
    authorUserId: input.author?.userId ?? null,
    wamid: null,
    errorCode: null,
    errorMessage: null,
    kindData: null,
    createdAt,
    updatedAt: createdAt,
  };
}

function sendJobData(accountId: string, messageIds: string[]): Record<string, unknown> {
  const schema = jobSchema('messages', 'message.send') as NonNullable<ReturnType<typeof jobSchema>>;
  return schema.parse({ accountId, messageIds }) as Record<string, unknown>;
}

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/** The platform's limit on a text message's body. */
export const TEXT_BODY_MAX = 4_096;

/** Text cut into bodies of at most `max` characters, at the last line break or space of each when there is one in its second half. */
export function splitText(text: string, max = TEXT_BODY_MAX): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const cut = Math.max(window.lastIndexOf('\n'), window.lastIndexOf(' '));
    const at = cut >= max / 2 ? cut + 1 : max;
    parts.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at);
  }
  if (rest.trim() !== '' || parts.length === 0) parts.push(rest);
  return parts;
}

export interface BotReply {
  orgId: string;
  accountId: string;
  contactId: string;
  agentId: string;
  /** The run whose reply it is; null for an escalation reply written when a handoff opened. */
  runId: string | null;
  /** Its parts' idempotency keys are `<key>:<part>`: `run_<runId>` for a run's reply. */
  key: string;
  text: string;
}

/**
 * An agent's reply to a WhatsApp customer (docs/agent-api.md §2.4), inside the caller's `pg`
 * transaction (the run's end, with its session locked): text messages from the receiving
 * account, split at 4,096 characters, written by the bot, and one send job for them. Each
 * part's id comes from its idempotency key (`run_<runId>:<part>`), so writing a reply twice
 * stores it once. Returns the ids of the messages written now.
 */
export async function insertBotReply(client: Sql, reply: BotReply): Promise<string[]> {
  const parts = splitText(reply.text);
  const ids = parts.map((_, part) => idFromKey('message', `${reply.key}:${part}`));
  const now = new Date();
  const { rows } = await client.query<{ id: string }>({
    name: 'insert-bot-reply',
    text: `WITH input AS (
             SELECT * FROM unnest($1::text[], $2::text[], $3::jsonb[]) WITH ORDINALITY AS t(id, content, payload, n)
           ), message AS (
             INSERT INTO messages (id, org_id, contact_id, account_id, direction, type, status, content, payload, bot_reply,
                                   author_type, author_agent_id, author_run_id, created_at, updated_at)
             SELECT id, $4, $5, $6, 'outgoing', 'text', 'pending', content, payload, true, 'bot', $7, $8,
                    $9::timestamptz + make_interval(secs => (n - 1) / 1000.0), $9
               FROM input
             ON CONFLICT (id) DO NOTHING
             RETURNING id
           ), contact AS (
             UPDATE contacts SET last_message_at = $9, last_message_preview = left($10, ${PREVIEW_LENGTH}), updated_at = now()
              WHERE id = $5 AND EXISTS (SELECT 1 FROM message)
           ), job AS (
             INSERT INTO outbox_jobs (id, queue, name, data, job_id) SELECT $11, 'messages', 'message.send', $12::jsonb, $13 WHERE EXISTS (SELECT 1 FROM message)
           )
           SELECT id FROM message`,
    values: [
      ids,
      parts,
      parts.map((body) => JSON.stringify({ type: 'text', text: { body } })),
      reply.orgId,
      reply.contactId,
      reply.accountId,
      reply.agentId,
      reply.runId,
      now,
      messagePreview(parts[parts.length - 1] ?? ''),
      newId('outbox'),
      JSON.stringify(sendJobData(reply.accountId, ids)),
      sendJobId(ids),
    ],
  });
  return rows.map((row) => row.id);
}
