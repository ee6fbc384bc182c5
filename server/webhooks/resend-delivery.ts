import { ApiError, notFound } from '@/server/errors/api-error';
import { db } from '@/server/db';
import { prismaSql } from '@/server/db/sql';
import { addOutboxJob } from '@/server/outbox';
import { attemptJob, receiverOf } from './attempt-jobs';

/**
 * Starts a new attempt chain for a finished delivery, with the same delivery id (so the
 * receiver can still tell it is the same event) and the full retry schedule.
 */
export async function resendDelivery(orgId: string, webhookId: string, deliveryId: string, now = new Date()) {
  const delivery = await db.webhookDelivery.findFirst({
    where: { id: deliveryId, webhookId, orgId },
    include: { webhook: { select: { isActive: true } } },
  });
  if (!delivery) throw notFound('delivery', 'delivery_id');
  if (!delivery.webhook?.isActive) throw new ApiError('invalid_parameter', 'Resume the webhook before resending to it.', { param: 'id' });
  if (delivery.state === 'pending') throw new ApiError('invalid_parameter', 'This delivery is still being attempted.', { param: 'delivery_id' });
  const last = await db.webhookDeliveryAttempt.aggregate({ where: { deliveryId }, _max: { attempt: true } });
  const job = attemptJob([{ deliveryId, receiver: receiverOf(delivery), attempt: (last._max.attempt ?? 0) + 1, runAt: null }]);
  await db.$transaction(async (tx) => {
    await tx.webhookDelivery.update({ where: { id: deliveryId }, data: { state: 'pending', attemptCount: 0, nextAttemptAt: now } });
    await addOutboxJob(prismaSql(tx), job);
  });
  return { delivery_id: deliveryId, state: 'pending' as const };
}
