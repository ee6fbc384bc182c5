import { db, Prisma, type MessageType } from '@/server/db';
import { newId } from '@/server/db/ids';
import { logger } from '@/server/logger';
import type { PlatformWebhookItem } from '@/server/platform/webhook-payload';

type MessageItem = Extract<PlatformWebhookItem, { kind: 'message' }>;

const mediaTypes = new Set(['image', 'video', 'audio', 'document']);

/** How an inbound platform message is stored: its type here and the text the inbox shows. */
function describe(item: MessageItem): { type: MessageType; content: string } {
  if (item.type === 'text') return { type: 'text', content: item.text ?? '' };
  if (item.button) return { type: 'text', content: item.button.text };
  if (item.interactiveReply) return { type: 'text', content: item.interactiveReply.title };
  if (mediaTypes.has(item.type)) return { type: item.type as MessageType, content: item.media?.caption ?? '' };
  return { type: 'text', content: `[${item.type} message]` };
}

/**
 * Stores a customer's message: creates the contact on first contact, opens the 24-hour
 * window, marks the conversation unread for the whole team. A platform retry of the same
 * message (same wamid) is ignored.
 */
export async function storeInboundMessage(item: MessageItem): Promise<void> {
  const account = await db.account.findUnique({ where: { phoneId: item.phoneId }, select: { id: true, orgId: true } });
  if (!account) {
    logger.warn({ phoneId: item.phoneId }, 'inbound message for an unknown phone number ignored');
    return;
  }
  const { type, content } = describe(item);
  try {
    await db.$transaction(async (tx) => {
      if (await tx.message.findUnique({ where: { wamid: item.wamid }, select: { id: true } })) return;
      const contact = await tx.contact.upsert({
        where: { orgId_phoneNumber: { orgId: account.orgId, phoneNumber: item.from } },
        create: { id: newId('contact'), orgId: account.orgId, accountId: account.id, phoneNumber: item.from, name: item.profileName },
        update: { externalOnly: false },
        select: { id: true, name: true, accountId: true, lastInboundAt: true },
      });
      await tx.message.create({
        data: {
          id: newId('message'), orgId: account.orgId, contactId: contact.id, accountId: account.id,
          direction: 'incoming', type, status: 'delivered', content, wamid: item.wamid,
          payload: item as unknown as Prisma.InputJsonObject, contextWamid: item.contextWamid,
          buttonPayload: item.button?.payload ?? item.interactiveReply?.id, createdAt: item.timestamp,
        },
      });
      const newer = !contact.lastInboundAt || contact.lastInboundAt < item.timestamp;
      await tx.contact.update({
        where: { id: contact.id },
        data: {
          unread: true,
          ...(contact.name ? {} : { name: item.profileName }),
          ...(contact.accountId ? {} : { accountId: account.id }),
          ...(newer ? { lastInboundAt: item.timestamp, lastMessageAt: item.timestamp, lastMessagePreview: content.slice(0, 200) } : {}),
        },
      });
    });
  } catch (error) {
    // Two deliveries of the same message raced and the other stored it; any other clash
    // (say two first messages creating one contact) is retried by the queue.
    const duplicate = error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
    if (duplicate && (await db.message.count({ where: { wamid: item.wamid } })) > 0) return;
    throw error;
  }
}
