import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { config } from '@/server/config';
import { createRedis } from '@/server/redis';
import { concurrencyFactors, defaultJobOptions, jobSchema, type JobData, type JobName, type QueueName } from './definitions';

export * from './definitions';

/** The BullMQ key prefix of this environment. */
export const bullPrefix = `${config.REDIS_PREFIX}:bull`;

const globalForQueues = globalThis as unknown as { queues?: Map<QueueName, Queue> };
const queues = (globalForQueues.queues ??= new Map());
/** Each producer's own connection, which BullMQ leaves open on close since it was given one. */
const connections = new WeakMap<Queue, Redis>();

/** The producer side of a queue, created once per process. */
export function getQueue(name: QueueName): Queue {
  let queue = queues.get(name);
  if (!queue) {
    // Producers must fail fast when Redis is down rather than buffer jobs in memory.
    const connection = createRedis({ enableOfflineQueue: false });
    queue = new Queue(name, { connection, prefix: bullPrefix, defaultJobOptions });
    connections.set(queue, connection);
    queues.set(name, queue);
  }
  return queue;
}

/** Jobs a worker runs at once from `queue`. */
export function queueConcurrency(queue: QueueName): number {
  return config.WORKER_CONCURRENCY * (concurrencyFactors[queue] ?? 1);
}

/** Adds a job after checking its payload against the queue's definition. */
export async function enqueue<Q extends QueueName, J extends JobName<Q>>(
  queue: Q,
  job: J,
  data: JobData<Q, J>,
  options: JobsOptions = {},
): Promise<void> {
  const schema = jobSchema(queue, job);
  if (!schema) throw new Error(`Unknown job ${queue}/${job}`);
  await getQueue(queue).add(job, schema.parse(data), options);
}

export async function closeQueues(): Promise<void> {
  await Promise.all(
    [...queues.values()].map(async (queue) => {
      await queue.close();
      connections.get(queue)?.disconnect();
    }),
  );
  queues.clear();
}
