import { db, Prisma } from '@/server/db';
import { newId } from '@/server/db/ids';
import { prismaSql } from '@/server/db/sql';
import { logger } from '@/server/logger';
import { addOutboxJob } from '@/server/outbox';
import type { PlatformWebhookItem } from '@/server/platform/webhook-payload';
import { publishEvent } from '@/server/webhook-events/publish-event';
import { arrivalTime } from './arrival-time';
import { messagePreview } from './message-preview';
import { messageApiInclude, presentMessage } from './present-message';
import { takeoverJob } from './queue-outgoing-message';
import { describePlatformMessage, storeInboundMedia } from './store-inbound-message';

type EchoItem = Extract<PlatformWebhookItem, { kind: 'echo' }>;

/**
 * An echo (docs/messaging-api.md §12 "Echoes"): staff wrote to the customer from the WhatsApp
 * Business app on the same number. It is stored as an outgoing message, already sent, written
 * by `phone_app`; `message.sent` announces it, and its `agent.takeover` job makes the bot stand
 * down exactly as a member's inbox reply does (server/agent/whatsapp/takeover.job.ts). A
 * platform retry of the same echo (same wamid) is ignored.
 */
export async function storeEchoMessage(item: EchoItem, arrival: string): Promise<void> {
  const account = await db.account.findUnique({ where: { phoneId: item.phoneId }, select: { id: true, orgId: true, portfolioId: true } });
  if (!account) {
    logger.warn({ phoneId: item.phoneId }, 'echo for an unknown phone number ignored');
    return;
  }
  const { type, content } = describePlatformMessage({ ...item, button: undefined });
  try {
    await db.$transaction(async (tx) => {
      if (await tx.message.findUnique({ where: { wamid: item.wamid }, select: { id: true } })) return;
      const contact = await tx.contact.upsert({
        where: { orgId_phoneNumber: { orgId: account.orgId, phoneNumber: item.to } },
        create: { id: newId('contact'), orgId: account.orgId, accountId: account.id, phoneNumber: item.to },
        update: {},
        select: { id: true, lastMessageAt: true },
      });
      const createdAt = await arrivalTime(tx, contact.id, item.timestamp, arrival);
      const message = await tx.message.create({
        include: messageApiInclude,
        data: {
          id: newId('message'),
          orgId: account.orgId,
          contactId: contact.id,
          accountId: account.id,
          direction: 'outgoing',
          type,
          status: 'sent',
          content,
          wamid: item.wamid,
          payload: { ...item, arrival } as unknown as Prisma.InputJsonObject,
          kindData: item.kindData ? (item.kindData as Prisma.InputJsonObject) : undefined,
          authorType: 'phone_app',
          sentAt: createdAt,
          createdAt,
        },
      });
      if (!contact.lastMessageAt || contact.lastMessageAt < createdAt) {
        await tx.contact.update({ where: { id: contact.id }, data: { lastMessageAt: createdAt, lastMessagePreview: messagePreview(content) } });
      }
      await publishEvent(tx, account.orgId, 'message.sent', { message: presentMessage(message, { detailed: true }) });
      await addOutboxJob(prismaSql(tx), takeoverJob(message.id));
    });
  } catch (error) {
    // Two deliveries of the same echo raced and the other stored it.
    const duplicate = error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
    if (!duplicate || (await db.message.count({ where: { wamid: item.wamid } })) === 0) throw error;
  }
  if (item.media) await storeInboundMedia(account, item.wamid, item.media);
}
