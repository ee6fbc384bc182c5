import { db, Prisma } from '@/server/db';
import { newId } from '@/server/db/ids';
import { logger } from '@/server/logger';
import type { PlatformWebhookItem } from '@/server/platform/webhook-payload';
import { kindContent } from '@/server/platform/inbound-kinds';
import { arrivalTime } from './arrival-time';

type SystemItem = Extract<PlatformWebhookItem, { kind: 'system_message' }>;

/**
 * A platform note about the customer, such as a changed number (docs/messaging-api.md §12
 * "System notes"). It is kept in the contact's thread as a message with `system` set, where the
 * inbox shows it as a note line, but it is not the customer's: no `message.received`, no bot
 * run, no unread mark, no new last message, and the 24-hour window stays as it was.
 */
export async function storeSystemMessage(item: SystemItem, arrival: string): Promise<void> {
  const account = await db.account.findUnique({ where: { phoneId: item.phoneId }, select: { id: true, orgId: true } });
  if (!account) {
    logger.warn({ phoneId: item.phoneId }, 'system message for an unknown phone number ignored');
    return;
  }
  const kindData = { system: item.system };
  try {
    await db.$transaction(async (tx) => {
      if (await tx.message.findUnique({ where: { wamid: item.wamid }, select: { id: true } })) return;
      const contact = await tx.contact.upsert({
        where: { orgId_phoneNumber: { orgId: account.orgId, phoneNumber: item.from } },
        create: { id: newId('contact'), orgId: account.orgId, accountId: account.id, phoneNumber: item.from },
        update: {},
        select: { id: true },
      });
      await tx.message.create({
        data: {
          id: newId('message'),
          orgId: account.orgId,
          contactId: contact.id,
          accountId: account.id,
          direction: 'incoming',
          type: 'text',
          status: 'delivered',
          content: kindContent(kindData),
          wamid: item.wamid,
          botReply: false,
          payload: { ...item, arrival } as unknown as Prisma.InputJsonObject,
          kindData,
          createdAt: await arrivalTime(tx, contact.id, item.timestamp, arrival),
        },
      });
    });
  } catch (error) {
    const duplicate = error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
    if (!duplicate || (await db.message.count({ where: { wamid: item.wamid } })) === 0) throw error;
  }
}
