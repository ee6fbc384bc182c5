import type { Job } from 'bullmq';
import { config } from '@/server/config';
import { db } from '@/server/db';
import { logger } from '@/server/logger';
import { createPlatformClient, PlatformError } from '@/server/platform/client';
import type { JobData } from '@/server/queues';

/** Whether BullMQ will run this job again if it throws now. */
function hasAttemptsLeft(job: Job): boolean {
  return job.attemptsMade + 1 < (job.opts.attempts ?? 1);
}

/**
 * Sends one pending message through the platform. Idempotent: a message that is no longer
 * pending (already sent, or failed) is left alone, so a job delivered twice sends once.
 * The message id travels as `biz_opaque_callback_data`, which the platform echoes in statuses.
 */
export async function sendMessageJob(job: Job, data: JobData<'messages', 'message.send'>): Promise<void> {
  const message = await db.message.findUnique({
    where: { id: data.messageId },
    include: {
      contact: { select: { phoneNumber: true } },
      account: { select: { phoneId: true, portfolio: { select: { accessToken: true } } } },
    },
  });
  if (!message || message.status !== 'pending' || message.direction !== 'outgoing') return;

  const client = createPlatformClient({
    baseUrl: config.PLATFORM_BASE_URL,
    apiVersion: config.PLATFORM_API_VERSION,
    accessToken: message.account.portfolio.accessToken ?? config.PLATFORM_ACCESS_TOKEN,
  });
  try {
    const { wamid } = await client.sendMessage(message.account.phoneId, {
      ...(message.payload as object),
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: message.contact.phoneNumber,
      biz_opaque_callback_data: message.id,
    } as Parameters<typeof client.sendMessage>[1]);
    await db.message.updateMany({
      where: { id: message.id, status: 'pending' },
      data: { status: 'sent', wamid, sentAt: new Date() },
    });
  } catch (error) {
    const retry = error instanceof PlatformError ? error.retryable : true;
    if (retry && hasAttemptsLeft(job)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    logger.warn({ messageId: message.id, reason }, 'platform refused message');
    await db.message.updateMany({
      where: { id: message.id, status: 'pending' },
      data: { status: 'failed', errorCode: 'upstream_failure', errorMessage: reason, failedAt: new Date() },
    });
  }
}
