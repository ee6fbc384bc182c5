import { db } from '@/server/db';
import { notifyCallerChange } from '@/server/api-keys/notify-caller-change';

/** How long a receiver may fail every attempt before it is switched off. */
export const failingPeriodMs = 3 * 24 * 3600_000;

/**
 * Switches a webhook off, with the reason shown on its page, when its receiver answered 410
 * Gone, or when a delivery ran out of retries and no attempt has succeeded for more than
 * three days (its first failure since the last success is older than that).
 */
export async function disableFailingWebhook(webhookId: string, { now, gone }: { now: Date; gone: boolean }): Promise<boolean> {
  let reason: string;
  if (gone) {
    reason = 'The endpoint answered 410 Gone, which asks senders to stop.';
  } else {
    const lastSuccess = await db.webhookDeliveryAttempt.findFirst({
      where: { webhookId, success: true },
      orderBy: { createdAt: 'desc' },
      select: { createdAt: true },
    });
    const firstFailure = await db.webhookDeliveryAttempt.findFirst({
      where: { webhookId, success: false, ...(lastSuccess ? { createdAt: { gt: lastSuccess.createdAt } } : {}) },
      orderBy: { createdAt: 'asc' },
      select: { createdAt: true },
    });
    if (!firstFailure || now.getTime() - firstFailure.createdAt.getTime() <= failingPeriodMs) return false;
    reason = `Every delivery attempt since ${firstFailure.createdAt.toISOString()} failed (more than 3 days).`;
  }
  const { count } = await db.webhook.updateMany({
    where: { id: webhookId, isActive: true },
    data: { isActive: false, disabledReason: reason, disabledAt: now },
  });
  return count > 0;
}

/**
 * Agent webhook endpoints whose receiver answered 410 Gone: disabled (their owner turns them
 * back on with PATCH `disabled: false`). The run engine's cache of who listens hears of it.
 */
export async function disableGoneAgentEndpoints(endpointIds: string[]): Promise<void> {
  const { count } = await db.agentWebhookEndpoint.updateMany({ where: { id: { in: endpointIds }, disabled: false }, data: { disabled: true } });
  if (count > 0) await notifyCallerChange();
}
