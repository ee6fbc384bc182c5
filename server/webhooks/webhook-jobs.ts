import { DelayedError, type Job } from 'bullmq';
import { config } from '@/server/config';
import { db } from '@/server/db';
import { getRedis, redisKey } from '@/server/redis';
import { attemptDelivery } from './attempt-delivery';
import { fanOutEvent } from './fan-out-event';
import { purgeDeliveryHistory } from './purge-delivery-history';

/** Attempts in flight per receiver: a slow or dead one can hold only this many worker slots. */
const perReceiverCap = Math.max(2, Math.floor(config.WORKER_CONCURRENCY / 4));

export const fanOutEventJob = async (_job: Job, data: { eventId: string }) => {
  await fanOutEvent(data.eventId);
};

/** An attempt, unless its receiver already has `perReceiverCap` in flight: then it waits a moment. */
export async function attemptDeliveryJob(job: Job, data: { deliveryId: string }, token?: string): Promise<void> {
  const delivery = await db.webhookDelivery.findUnique({ where: { id: data.deliveryId }, select: { webhookId: true, targetUrl: true } });
  if (!delivery) return;
  const receiver = delivery.webhookId ?? new URL(delivery.targetUrl ?? 'http://unknown').host;
  const key = redisKey('webhook-inflight', receiver);
  const redis = getRedis();
  // The expiry heals a count left behind by a crashed worker.
  const [[, inFlight]] = (await redis.multi().incr(key).pexpire(key, 30_000).exec()) as [[unknown, number]];
  if (inFlight > perReceiverCap && token) {
    await redis.decr(key);
    await job.moveToDelayed(Date.now() + 500 + Math.floor(Math.random() * 1_000), token);
    throw new DelayedError();
  }
  try {
    await attemptDelivery(data.deliveryId);
  } finally {
    await redis.decr(key);
  }
}

export const purgeDeliveryHistoryJob = async () => {
  await purgeDeliveryHistory();
};
