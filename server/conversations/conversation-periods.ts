import { db, type Db, type DbTx } from '@/server/db';
import { newId } from '@/server/db/ids';

/**
 * The conversations the reports count: a period opens with the customer's message (or a member
 * reopening the thread) when none is open, records the first reply a member sends, and ends when
 * the conversation is resolved. `open_contact_id` is unique, so a contact has at most one open
 * period however many messages arrive at once.
 */
export async function openConversationPeriod(tx: Db | DbTx, orgId: string, contactId: string, at: Date): Promise<void> {
  await tx.conversationPeriod.createMany({
    data: [{ id: newId('conversationPeriod'), orgId, contactId, openContactId: contactId, openedAt: at }],
    skipDuplicates: true,
  });
}

/** A member's reply: the open period's first response, if it has none yet. */
export async function recordFirstResponse(orgId: string, contactId: string, userId: string, at = new Date()): Promise<void> {
  await db.conversationPeriod.updateMany({
    where: { orgId, openContactId: contactId, firstResponseAt: null },
    data: { firstResponseAt: at, firstResponderId: userId },
  });
}

/** The conversation was resolved (by `userId`, when a member did it): its open period ends. */
export async function closeConversationPeriod(
  tx: Db | DbTx,
  orgId: string,
  contactId: string,
  userId: string | null,
  at = new Date(),
): Promise<void> {
  await tx.conversationPeriod.updateMany({
    where: { orgId, openContactId: contactId },
    data: { openContactId: null, resolvedAt: at, resolvedById: userId },
  });
}
