import type pg from 'pg';
import { newId } from '@/server/db/ids';
import type { JobName, QueueName } from '@/server/queues';
import { outboxJobData, type OutboxJobInput } from './index';

/**
 * addOutboxJob for many jobs of one kind in one statement, inside a `pg` transaction (the
 * webhook delivery engine's hot path). Returns the row ids, in order.
 */
export async function addOutboxJobsWithPg<Q extends QueueName, J extends JobName<Q>>(
  client: pg.ClientBase,
  jobs: Array<OutboxJobInput<Q, J>>,
): Promise<string[]> {
  const ids = jobs.map(() => newId('outbox'));
  if (jobs.length === 0) return ids;
  await client.query({
    name: 'outbox-add-jobs',
    text: `INSERT INTO outbox_jobs (id, queue, name, data, job_id, run_at)
           SELECT id, queue, name, data::jsonb, job_id, run_at
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])
             AS t(id, queue, name, data, job_id, run_at)`,
    values: [
      ids,
      jobs.map((j) => j.queue),
      jobs.map((j) => j.name),
      jobs.map(outboxJobData),
      jobs.map((j) => j.jobId),
      jobs.map((j) => j.runAt ?? null),
    ],
  });
  return ids;
}
