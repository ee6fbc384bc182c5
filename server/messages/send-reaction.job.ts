import { db } from '@/server/db';
import { logger } from '@/server/logger';
import { platformClientForPortfolio } from '@/server/accounts/platform-client';
import { PlatformError } from '@/server/platform/client';
import type { JobData } from '@/server/queues';

/**
 * `reaction.send`: tells the platform of the business's reaction to a customer's message as it
 * is now (`""` once removed). Its job id names the reaction's version (react-to-message.ts),
 * so a change is sent once; a job for a version since replaced does nothing, the newer job
 * sends the newer state. Transient refusals are retried by the queue; others (131009: the
 * target is too old or unknown) are logged, since the reaction is the business's own note and
 * the platform reports nothing more for it than `sent`.
 */
export async function sendReactionJob(data: JobData<'messages', 'reaction.send'>): Promise<void> {
  const reaction = await db.messageReaction.findUnique({
    where: { id: data.reactionId },
    select: {
      emoji: true,
      updatedAt: true,
      message: { select: { wamid: true, contact: { select: { phoneNumber: true } }, account: { select: { phoneId: true, portfolioId: true } } } },
    },
  });
  if (!reaction || reaction.updatedAt.getTime() !== data.version || !reaction.message.wamid) return;
  const { message } = reaction;
  // Messages with a wamid are WhatsApp's, whose contact has a number.
  const to = message.contact.phoneNumber;
  if (!to) return;
  const client = await platformClientForPortfolio(message.account.portfolioId);
  try {
    const sent = await client.sendMessage(message.account.phoneId, {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      type: 'reaction',
      reaction: { message_id: message.wamid!, emoji: reaction.emoji ?? '' },
    });
    await db.messageReaction.updateMany({ where: { id: data.reactionId, updatedAt: reaction.updatedAt }, data: { wamid: sent.wamid } });
  } catch (error) {
    if (error instanceof PlatformError && !error.retryable) {
      logger.warn({ reactionId: data.reactionId, code: error.code, err: error }, 'the platform refused a reaction');
      return;
    }
    throw error;
  }
}
