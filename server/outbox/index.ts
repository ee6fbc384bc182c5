import { newId } from '@/server/db/ids';
import { getPgPool } from '@/server/db/pg';
import type { Sql } from '@/server/db/sql';
import { getQueue, jobSchema, mergeableJobs, type JobData, type JobName, type QueueName } from '@/server/queues';

/**
 * Transactional outbox. A job is written as a row in the same transaction as the change that
 * needs it, so a change is never stored without its job nor a job queued without its change.
 * The row is handed to BullMQ by the worker's relay (server/outbox/relay.ts) as soon as the
 * transaction commits, with its sweep as the fallback should that fail (Redis down, relay
 * restarting). The BullMQ job id is fixed by the row, so handing it over twice queues it once.
 */

/**
 * Every statement that inserts outbox rows notifies this channel, whichever path wrote them: a
 * trigger on outbox_jobs does it (migration 20261123090000_outbox_jobs_notify), and `NOTIFY` is
 * delivered only once the transaction commits. So writers do no Redis work: in the web
 * process, adding the jobs had been about a tenth of accepting a send (`npm run bench:send`).
 */
export const OUTBOX_CHANNEL = 'outbox_jobs';

export interface OutboxJobInput<Q extends QueueName, J extends JobName<Q>> {
  queue: Q;
  name: J;
  data: JobData<Q, J>;
  /** Deterministic id, e.g. `message.send-<messageId>`; must not contain `:`. */
  jobId: string;
  runAt?: Date;
}

/** A job's data checked against its queue's definition, as the JSON its row stores. */
export function outboxJobData<Q extends QueueName, J extends JobName<Q>>(job: OutboxJobInput<Q, J>): string {
  const schema = jobSchema(job.queue, job.name);
  if (!schema) throw new Error(`Unknown job ${job.queue}/${job.name}`);
  return JSON.stringify(schema.parse(job.data));
}

/** Adds one job in the caller's transaction (a Prisma one passes `prismaSql(tx)`). Returns the row's id. */
export async function addOutboxJob<Q extends QueueName, J extends JobName<Q>>(sql: Sql, job: OutboxJobInput<Q, J>): Promise<string> {
  const [id] = await addOutboxJobs(sql, [job]);
  return id as string;
}

/**
 * addOutboxJob for many jobs in one named statement (a campaign chunk's sends, a delivery's
 * attempts). Raw SQL: this runs on the send, status, delivery and run hot paths, where the
 * ORM's per-query cost showed. Returns the row ids, in order.
 */
export async function addOutboxJobs<Q extends QueueName, J extends JobName<Q>>(sql: Sql, jobs: Array<OutboxJobInput<Q, J>>): Promise<string[]> {
  const ids = jobs.map(() => newId('outbox'));
  if (jobs.length === 0) return ids;
  await sql.query({
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

export interface OutboxRow {
  id: string;
  queue: QueueName;
  name: string;
  data: Record<string, unknown>;
  job_id: string;
  run_at: Date | null;
}

/**
 * Hands waiting outbox rows (with `olderThanMs`, only those that old), oldest first, to their
 * queues and marks them dispatched. No transaction is held while Redis is called: a row is
 * marked only after its job was added, so a crash in between leaves it to be added again,
 * which its fixed job id makes harmless. Returns how many were dispatched.
 */
export async function dispatchOutbox(options: { olderThanMs?: number; limit?: number } = {}): Promise<number> {
  const { olderThanMs = 0, limit = 500 } = options;
  // Raw SQL: the relay runs this as each accepted message's run waits to be handed over.
  const { rows } = await getPgPool().query<OutboxRow>(
    olderThanMs > 0
      ? {
          name: 'outbox-waiting-older',
          text: `SELECT id, queue, name, data, job_id, run_at FROM outbox_jobs
                  WHERE dispatched_at IS NULL AND created_at < now() - make_interval(secs => $2::float8)
                  ORDER BY created_at LIMIT $1`,
          values: [limit, olderThanMs / 1000],
        }
      : {
          name: 'outbox-waiting',
          text: 'SELECT id, queue, name, data, job_id, run_at FROM outbox_jobs WHERE dispatched_at IS NULL ORDER BY created_at LIMIT $1',
          values: [limit],
        },
  );
  if (rows.length === 0) return 0;
  await handOver(rows);
  return rows.length;
}

/** Adds the rows' jobs to their queues, then marks the rows dispatched. */
async function handOver(rows: OutboxRow[]): Promise<void> {
  const now = Date.now();
  const byQueue = new Map<QueueName, OutboxRow[]>();
  for (const row of rows) byQueue.set(row.queue, [...(byQueue.get(row.queue) ?? []), row]);
  await Promise.all(
    [...byQueue].map(([queue, queued]) =>
      getQueue(queue).addBulk(
        mergeRows(queue, queued).map((row) => ({
          name: row.name,
          data: row.data,
          opts: { jobId: row.job_id, delay: row.run_at ? Math.max(0, row.run_at.getTime() - now) : undefined },
        })),
      ),
    ),
  );
  await getPgPool().query({
    name: 'outbox-mark-dispatched',
    text: 'UPDATE outbox_jobs SET dispatched_at = now() WHERE id = ANY($1::text[]) AND dispatched_at IS NULL',
    values: [rows.map((r) => r.id)],
  });
}

/**
 * Joins rows of a mergeable job (see `mergeableJobs`) into jobs of up to its `max` list items.
 * A joined job is named after its first row and its size; should the same rows be handed over
 * again in another grouping, their jobs overlap, which the jobs must tolerate (sends do: a
 * message is claimed before it is sent).
 */
function mergeRows(queue: QueueName, rows: OutboxRow[]): OutboxRow[] {
  const merged: OutboxRow[] = [];
  const open = new Map<string, { row: OutboxRow; firstJobId: string; items: unknown[] }>();
  for (const row of rows) {
    const rule = (mergeableJobs[queue] as Record<string, { list: string; max: number }> | undefined)?.[row.name];
    const items = rule && !row.run_at ? row.data[rule.list] : undefined;
    if (!rule || !Array.isArray(items)) {
      merged.push(row);
      continue;
    }
    const key = `${row.name} ${JSON.stringify({ ...row.data, [rule.list]: null })}`;
    const current = open.get(key);
    if (current && current.items.length + items.length <= rule.max) {
      current.items.push(...items);
      current.row.data = { ...current.row.data, [rule.list]: current.items };
      current.row.job_id = `${current.firstJobId}-x${current.items.length}`;
    } else {
      const next = { row: { ...row }, firstJobId: row.job_id, items: [...items] };
      open.set(key, next);
      merged.push(next.row);
    }
  }
  return merged;
}
