import { DelayedError, type Job } from 'bullmq';
import { config } from '@/server/config';
import { getRedis, redisKey } from '@/server/redis';
import { attemptDeliveries } from './attempt-delivery';

/**
 * Attempt jobs in flight per receiver, each with up to `deliveriesPerJob` requests: a slow or
 * dead receiver holds only this many of the worker's attempt slots (WORKER_CONCURRENCY × 4).
 */
const perReceiverCap = Math.max(2, Math.floor(config.WORKER_CONCURRENCY / 4));

/** A receiver's attempts, unless it already has `perReceiverCap` jobs in flight: then they wait a moment. */
export async function attemptDeliveriesJob(job: Job, data: { receiver: string; deliveryIds: string[] }, token?: string): Promise<void> {
  const key = redisKey('webhook-inflight', data.receiver);
  const redis = getRedis();
  // The expiry heals a count left behind by a crashed worker.
  const [[, inFlight]] = (await redis.multi().incr(key).pexpire(key, 30_000).exec()) as [[unknown, number]];
  if (inFlight > perReceiverCap && token) {
    await redis.decr(key);
    await job.moveToDelayed(Date.now() + busyReceiverWaitMs(job.attemptsStarted), token);
    throw new DelayedError();
  }
  try {
    await attemptDeliveries(data.deliveryIds);
  } finally {
    await redis.decr(key);
  }
}

/**
 * About 100 ms the first time a job finds its receiver busy, doubling each time after, up to
 * about 30 s: a burst to a healthy receiver barely waits, while the growing backlog of a dead
 * one waits without churning the queue (its attempts take 15 s each anyway).
 */
function busyReceiverWaitMs(timesStarted: number): number {
  const wait = Math.min(30_000, 100 * 2 ** Math.max(0, timesStarted - 1));
  return Math.round(wait * (0.5 + Math.random()));
}
