import { findWhatsAppBinding } from '@/server/agent/whatsapp/whatsapp-binding';
import { openConversationPeriod } from '@/server/conversations/conversation-periods';
import { recordConversationEvent } from '@/server/conversations/conversation-events';
import { effectiveStatus } from '@/server/conversations/conversation-status';
import { db, Prisma, type DbTx, type MessageType } from '@/server/db';
import { newId } from '@/server/db/ids';
import { platformClientForPortfolio } from '@/server/accounts/platform-client';
import { publishEvent } from '@/server/webhook-events/publish-event';
import { storeMessageMedia } from '@/server/media/store-message-media';
import { logger } from '@/server/logger';
import { prismaSql } from '@/server/db/sql';
import { addOutboxJob } from '@/server/outbox';
import type { PlatformWebhookItem } from '@/server/platform/webhook-payload';
import { kindContent } from '@/server/platform/inbound-kinds';
import { arrivalTime } from './arrival-time';
import { messagePreview } from './message-preview';
import { messageApiInclude, presentMessage } from './present-message';

type MessageItem = Extract<PlatformWebhookItem, { kind: 'message' }>;

const mediaTypes = new Set(['image', 'video', 'audio', 'document']);

/**
 * How a platform message (a customer's or an echo) is stored: one of the six types, and the text
 * the inbox, previews and search read. A sticker is an image; every other kind is text, with
 * its one-line rendering (docs/messaging-api.md §12).
 */
export function describePlatformMessage(item: Pick<MessageItem, 'type' | 'text' | 'button' | 'media' | 'kindData'>): {
  type: MessageType;
  content: string;
} {
  if (item.type === 'text') return { type: 'text', content: item.text ?? '' };
  if (item.button) return { type: 'text', content: item.button.text };
  if (item.type === 'sticker' && item.media) return { type: 'image', content: '' };
  if (mediaTypes.has(item.type) && item.media) return { type: item.type as MessageType, content: item.media.caption ?? '' };
  if (item.kindData) return { type: 'text', content: kindContent(item.kindData) };
  return { type: 'text', content: '[unsupported message]' };
}

/**
 * Stores a customer's message: creates the contact on first contact, opens the 24-hour
 * window, marks the conversation unread for the whole team and open again if it was snoozed
 * or resolved. A platform retry of the same
 * message (same wamid) is ignored. The `message.received` event and, when an agent answers the
 * account, the bot hook's job are written in the same transaction.
 */
export async function storeInboundMessage(item: MessageItem, arrival: string): Promise<void> {
  const account = await db.account.findUnique({ where: { phoneId: item.phoneId }, select: { id: true, orgId: true, portfolioId: true } });
  if (!account) {
    logger.warn({ phoneId: item.phoneId }, 'inbound message for an unknown phone number ignored');
    return;
  }
  const { type, content } = describePlatformMessage(item);
  // The bot hook's job only where an agent answers the account: elsewhere it would stop at
  // `not_bound`, a job for every message of organizations without a bot (cached lookup).
  const botAnswers = (await findWhatsAppBinding(account.orgId, account.id)) !== null;
  try {
    await db.$transaction(async (tx) => {
      if (await tx.message.findUnique({ where: { wamid: item.wamid }, select: { id: true } })) return;
      const contact = await tx.contact.upsert({
        where: { orgId_phoneNumber: { orgId: account.orgId, phoneNumber: item.from } },
        create: { id: newId('contact'), orgId: account.orgId, accountId: account.id, phoneNumber: item.from, name: item.profileName },
        update: { externalOnly: false },
        select: { id: true, name: true, accountId: true, lastInboundAt: true, conversationStatus: true, snoozedUntil: true },
      });
      const botReply = await repliesGoToBot(tx, contact.id, item.contextWamid);
      const createdAt = await arrivalTime(tx, contact.id, item.timestamp, arrival);
      const message = await tx.message.create({
        include: messageApiInclude,
        data: {
          id: newId('message'),
          orgId: account.orgId,
          contactId: contact.id,
          accountId: account.id,
          direction: 'incoming',
          type,
          status: 'delivered',
          content,
          wamid: item.wamid,
          botReply,
          payload: { ...item, arrival } as unknown as Prisma.InputJsonObject,
          contextWamid: item.contextWamid,
          buttonPayload: item.button?.payload ?? item.kindData?.reply?.id ?? undefined,
          kindData: item.kindData ? (item.kindData as Prisma.InputJsonObject) : undefined,
          createdAt,
        },
      });
      // Arrival order: a later message of the same second is newer (its created_at is later).
      const newer = !contact.lastInboundAt || contact.lastInboundAt < createdAt;
      await tx.contact.update({
        where: { id: contact.id },
        data: {
          unread: true,
          conversationStatus: 'open',
          snoozedUntil: null,
          ...(contact.name ? {} : { name: item.profileName }),
          ...(contact.accountId ? {} : { accountId: account.id }),
          ...(newer ? { lastInboundAt: createdAt, lastMessageAt: createdAt, lastMessagePreview: messagePreview(content) } : {}),
        },
      });
      await openConversationPeriod(tx, account.orgId, contact.id, createdAt);
      if (effectiveStatus(contact) !== 'open') {
        await recordConversationEvent(prismaSql(tx), {
          orgId: account.orgId,
          contactId: contact.id,
          kind: 'reopened',
          actor: { type: 'customer' },
        });
      }
      const presented = presentMessage(message, { detailed: true });
      await publishEvent(tx, account.orgId, 'message.received', { message: presented, bot_reply: botReply });
      // The bot hook (docs/agent-api.md §2.1): the agent bound to the account answers it.
      if (botAnswers) {
        await addOutboxJob(prismaSql(tx), {
          queue: 'agent-runs',
          name: 'agent.inbound',
          data: { messageId: message.id },
          jobId: `agent-inbound-${message.id}`,
        });
      }
      if (item.button && item.contextWamid) {
        const reply = await buttonReply(tx, account.orgId, item.contextWamid, item.button, presented);
        if (reply) await publishEvent(tx, account.orgId, 'button.reply', reply);
      }
    });
    if (item.media) await storeInboundMedia(account, item.wamid, item.media);
  } catch (error) {
    // Two deliveries of the same message raced and the other stored it; any other clash
    // (say two first messages creating one contact) is retried by the queue.
    const duplicate = error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
    if (duplicate && (await db.message.count({ where: { wamid: item.wamid } })) > 0) {
      if (item.media) await storeInboundMedia(account, item.wamid, item.media);
      return;
    }
    throw error;
  }
}

/**
 * The `button.reply` event of a quick-reply tap: `button.id` is the payload given at send time
 * (the platform sends the button text when there was none) and `in_reply_to` names the
 * template message tapped, with its `reference`.
 */
async function buttonReply(
  tx: DbTx,
  orgId: string,
  contextWamid: string,
  button: { payload: string; text: string },
  message: ReturnType<typeof presentMessage>,
) {
  const original = await tx.message.findFirst({
    where: { orgId, wamid: contextWamid, direction: 'outgoing' },
    select: { id: true, wamid: true, reference: true, contact: { select: { id: true, phoneNumber: true, name: true } } },
  });
  if (!original) return null;
  return {
    button: { id: button.payload || button.text, text: button.text },
    in_reply_to: { message_id: original.id, wamid: original.wamid, reference: original.reference },
    contact: { id: original.contact.id, phone_number: original.contact.phoneNumber, name: original.contact.name },
    message,
  };
}

/**
 * Downloads an inbound message's media from the platform and stores it (once: a retry of the
 * webhook finds it stored). The platform's media URLs expire within minutes, so this runs
 * while the webhook is processed.
 */
export async function storeInboundMedia(
  account: { orgId: string; portfolioId: string },
  wamid: string,
  media: { id: string; mimeType: string; filename?: string },
) {
  const message = await db.message.findUnique({ where: { wamid }, select: { id: true, hasMedia: true } });
  if (!message || message.hasMedia) return;
  const client = await platformClientForPortfolio(account.portfolioId);
  const info = await client.getMedia(media.id);
  const file = await client.downloadMedia(info.url);
  await db.$transaction(async (tx) => {
    await storeMessageMedia(tx, {
      orgId: account.orgId,
      messageId: message.id,
      bytes: file.bytes,
      contentType: file.contentType || media.mimeType,
      filename: media.filename,
      platformMediaId: media.id,
    });
    await tx.message.update({ where: { id: message.id }, data: { hasMedia: true } });
  });
}

/**
 * Whether a chatbot may answer this inbound message: not when it replies to (quotes or taps)
 * a message sent with `bot_reply: false`, or, without a quote, when the business's latest
 * message to the contact was sent that way. It is stored and delivered either way.
 */
async function repliesGoToBot(tx: DbTx, contactId: string, contextWamid: string | undefined): Promise<boolean> {
  const answered = await tx.message.findFirst({
    where: contextWamid ? { wamid: contextWamid, direction: 'outgoing' } : { contactId, direction: 'outgoing' },
    orderBy: { createdAt: 'desc' },
    select: { botReply: true },
  });
  return answered?.botReply ?? true;
}
