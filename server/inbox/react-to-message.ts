import { db } from '@/server/db';
import { notFound } from '@/server/errors/api-error';
import { setReaction, publishReaction } from '@/server/messages/apply-reaction';
import { prismaSql } from '@/server/db/sql';
import { addOutboxJob } from '@/server/outbox';

/** The emoji the inbox offers (docs/messaging-api.md §13); the API of the platform takes any. */
export const INBOX_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;

/**
 * A person in the inbox reacts to a customer's message (`emoji` null removes the reaction).
 * The reaction is recorded and `message.reaction` written, and the job that tells the platform
 * is added through the outbox in the same transaction; choosing what is already there does nothing.
 */
export async function reactToMessage(orgId: string, messageId: string, emoji: string | null): Promise<{ changed: boolean }> {
  return db.$transaction(async (tx) => {
    const message = await tx.message.findFirst({ where: { id: messageId, orgId, direction: 'incoming' }, select: { id: true, wamid: true } });
    if (!message?.wamid) throw notFound('message', 'message_id');
    // Serializes two reactions to one message from the same org (a double click, two colleagues).
    await tx.$executeRaw`SELECT 1 FROM messages WHERE id = ${message.id} FOR UPDATE`;
    const now = new Date();
    const changed = await setReaction(tx, orgId, message.id, 'business', { emoji, wamid: null, reactedAt: now });
    if (!changed) return { changed };
    const row = await tx.messageReaction.findUniqueOrThrow({ where: { messageId_side: { messageId, side: 'business' } } });
    await publishReaction(tx, orgId, message.id, 'business', emoji, now);
    await addOutboxJob(prismaSql(tx), {
      queue: 'messages',
      name: 'reaction.send',
      data: { reactionId: row.id, version: row.updatedAt.getTime() },
      jobId: `reaction-send-${row.id}-${row.updatedAt.getTime()}`,
    });
    return { changed };
  });
}
