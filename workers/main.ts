import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { config } from '@/server/config';
import { db } from '@/server/db';
import { beat, forget } from '@/server/health/worker-heartbeat';
import { logger } from '@/server/logger';
import { startOutboxRelay } from '@/server/outbox/relay';
import { bullPrefix, closeQueues, getQueue, jobSchema, queueConcurrency, type QueueName } from '@/server/queues';
import { createRedis, createWorkerRedis } from '@/server/redis';
import { processors } from './processors';

/**
 * The worker process: consumes every queue that has processors, relays the outbox, and
 * beats a heartbeat. On SIGTERM or SIGINT it stops taking jobs, lets active ones finish
 * (BullMQ hands back any that cannot, once their lock lapses) and exits.
 */
const workerId = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
const log = logger.child({ workerId });
const redis = createRedis();

function processorFor(queue: QueueName) {
  return async (job: Job, token?: string) => {
    const run = (processors[queue] as Record<string, (job: Job, data: unknown, token?: string) => Promise<void>> | undefined)?.[job.name];
    const schema = jobSchema(queue, job.name);
    // A job this code does not know cannot succeed later either: fail it without retries.
    if (!run || !schema) throw new UnrecoverableError(`No processor for ${queue}/${job.name}`);
    const parsed = schema.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`Bad payload for ${queue}/${job.name}: ${parsed.error.message}`);
    await run(job, parsed.data, token);
  };
}

const workers = (Object.keys(processors) as QueueName[]).map((queue) => {
  const worker = new Worker(queue, processorFor(queue), {
    connection: createWorkerRedis(),
    prefix: bullPrefix,
    concurrency: queueConcurrency(queue),
  });
  worker.on('failed', (job, err) =>
    log.warn({ queue, job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err: err.message }, 'job failed'),
  );
  worker.on('error', (err) => log.error({ queue, err: err.message }, 'worker error'));
  return worker;
});

let stopping = false;

const heartbeat = setInterval(() => {
  beat(redis, workerId).catch((err) => log.warn({ err: err.message }, 'heartbeat failed'));
}, 5_000);
await beat(redis, workerId).catch(() => {});
const relay = startOutboxRelay(log);
// One schedule however many workers run: upserting the same scheduler id is idempotent.
const maintenance = getQueue('maintenance');
const schedules = [
  { id: 'campaigns-sweep', everyMs: 60_000, job: 'campaigns.sweep', what: 'the campaign sweep' },
  { id: 'conversations-wake', everyMs: 15_000, job: 'conversations.wake', what: 'the snoozed conversations wake-up' },
  { id: 'retention-purge', everyMs: config.RETENTION_PURGE_EVERY_S * 1000, job: 'retention.purge', what: 'the retention purge' },
  { id: 'agent-usage-reconcile', everyMs: 10 * 60_000, job: 'agent-usage.reconcile', what: "the AI usage counters' reconciliation" },
  { id: 'accounts-webhook-silence', everyMs: 10 * 60_000, job: 'accounts.webhook-silence', what: "the numbers' webhook silence check" },
] as const;
// The runs' reconciler on its own queue, so a long purge never holds a run's deadline.
await getQueue('agent-runs')
  .upsertJobScheduler('agent-runs-reconcile', { every: 10_000 }, { name: 'agent-runs.reconcile', data: {} })
  .catch((err: Error) => log.warn({ err: err.message }, "could not schedule the agent runs' reconciler"));
// Retired: the retention purge took over the webhook delivery history.
await maintenance.removeJobScheduler('webhook-history-purge').catch(() => {});
for (const { id, everyMs, job, what } of schedules) {
  await maintenance
    .upsertJobScheduler(id, { every: everyMs }, { name: job, data: {} })
    .catch((err: Error) => log.warn({ err: err.message }, `could not schedule ${what}`));
}
log.info({ queues: Object.keys(processors) }, 'worker started');

async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'worker stopping: finishing active jobs');
  clearInterval(heartbeat);
  const forceExit = setTimeout(() => {
    log.error('active jobs did not finish in 30 s; exiting, their locks will lapse and they will be retried');
    process.exit(1);
  }, 30_000);
  forceExit.unref();
  await Promise.all(workers.map((w) => w.close()));
  await relay.stop();
  await forget(redis, workerId).catch(() => {});
  await closeQueues();
  redis.disconnect();
  await db.$disconnect();
  log.info('worker stopped');
  process.exit(0);
}

process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
