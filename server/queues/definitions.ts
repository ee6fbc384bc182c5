import { z } from 'zod';

/**
 * Every queue the service uses, its job names and the payload each job carries. Payloads are
 * parsed with these schemas when a job is enqueued and again when a worker picks it up.
 * Job names read `area.action`; queue names have no `:` (BullMQ reserves it).
 */
const byId = <K extends string>(key: K) => z.object({ [key]: z.string().min(1) } as Record<K, z.ZodString>);
const ids = z.array(z.string().min(1)).min(1);
/** Messages one send job holds at most. */
export const SEND_BATCH_MAX = 100;

export const queueDefinitions = {
  /**
   * Outgoing messages of one account, sent together: one claim and one throughput reservation
   * for up to SEND_BATCH_MAX of them. `attempt` counts the platform's transient refusals;
   * `slotAt` is the reserved start (epoch ms) of a job that waits for it in the queue.
   */
  messages: {
    'message.send': z.object({
      accountId: z.string().min(1),
      messageIds: ids.max(SEND_BATCH_MAX),
      attempt: z.number().int().min(0).optional(),
      slotAt: z.number().optional(),
    }),
    /** The business's reaction to a customer's message, as of `version` (its row's updatedAt, ms). */
    'reaction.send': z.object({ reactionId: z.string().min(1), version: z.number().int() }),
  },
  /** Platform webhooks already stored as PlatformEvent rows. */
  'platform-events': {
    'platform-event.process': byId('platformEventId'),
  },
  /** Campaign start (at `scheduled_at`) and paced hand-off of recipients. */
  campaigns: {
    'campaign.start': byId('campaignId'),
    'campaign.dispatch': byId('campaignId'),
  },
  /**
   * Recorded events, many per job, fanned out to subscribed webhooks and callback URLs and
   * announced to open dashboards (server/webhook-events/fan-out-events.job.ts).
   */
  'webhook-fan-out': {
    'events.fan-out': z.object({ eventIds: ids }),
  },
  /**
   * Delivery attempts, apart from the fan-out so they never wait behind it: each job holds
   * deliveries to one receiver (a webhook id, or a callback URL's host), attempted together.
   */
  'webhook-attempts': {
    'deliveries.attempt': z.object({ receiver: z.string().min(1), deliveryIds: ids }),
  },
  /**
   * Agent session runs (docs/agent-api.md §1.4), apart from everything else so they never wait
   * behind it. `step` counts the run's executions (a run resumes after its tool outputs), so
   * each has its own job id. The reconciler's pass runs here too, every 10 s.
   */
  'agent-runs': {
    'agent-run.execute': z.object({ runId: z.string().min(1), step: z.number().int().min(0) }),
    'agent-runs.reconcile': z.object({}),
    /** A channel run's coalescing delay is over: the session's next queued run starts (session-runs.ts). */
    'agent-session.settle': byId('sessionId'),
    /** An inbound WhatsApp message, for the bot hook (server/agent/whatsapp/agent-inbound.job.ts). */
    'agent.inbound': byId('messageId'),
    /** A person wrote to a WhatsApp customer: the bot stops (server/agent/whatsapp/takeover.job.ts). */
    'agent.takeover': byId('messageId'),
  },
  /** Knowledge sources read (URLs), split into passages and indexed; apart, so agent runs never wait behind it. */
  knowledge: {
    'knowledge.index': byId('sourceId'),
  },
  /**
   * Reads from the platform (an account's templates, its number's rating and messaging limit)
   * and the periodic jobs: purges and the campaign sweep.
   */
  maintenance: {
    'templates.sync': byId('accountId'),
    'account.sync': byId('accountId'),
    'campaigns.sweep': z.object({}),
    'conversations.wake': z.object({}),
    'retention.purge': z.object({}),
    'agent-usage.reconcile': z.object({}),
    'accounts.webhook-silence': z.object({}),
  },
} as const;

export type QueueName = keyof typeof queueDefinitions;
export type JobName<Q extends QueueName> = keyof (typeof queueDefinitions)[Q] & string;
export type JobData<Q extends QueueName, J extends JobName<Q>> = z.infer<
  (typeof queueDefinitions)[Q][J] extends z.ZodType ? (typeof queueDefinitions)[Q][J] : never
>;

/**
 * Jobs a worker runs at once from a queue, in multiples of WORKER_CONCURRENCY (1 unless
 * listed): sends and webhook attempts spend their time waiting on the platform or receivers
 * (each number's throughput is held by its own limit, not by this), and sends or fan-out jobs
 * finishing together share their statements (record-sends.ts, fan-out-events.job.ts).
 */
export const concurrencyFactors: Partial<Record<QueueName, number>> = {
  messages: 10,
  'webhook-fan-out': 8,
  'webhook-attempts': 4,
  // A run spends its time waiting on the model's tokens.
  'agent-runs': 200,
};

/**
 * Jobs whose outbox rows, handed over together, may become one job: rows of the same job due
 * now whose data agree but for the `list` field become one job holding the joined lists (up to
 * `max`). Sends accepted by concurrent requests thus go out as one send job per account.
 */
export const mergeableJobs: { [Q in QueueName]?: { [J in JobName<Q>]?: { list: string; max: number } } } = {
  messages: { 'message.send': { list: 'messageIds', max: SEND_BATCH_MAX } },
};

export function jobSchema<Q extends QueueName>(queue: Q, job: string): z.ZodType | undefined {
  return (queueDefinitions[queue] as Record<string, z.ZodType>)[job];
}

/** Defaults for every job: retried with exponential backoff, finished jobs trimmed by age and count. */
export const defaultJobOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
} as const;
