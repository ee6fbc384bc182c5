import type { OutboxJobInput } from '@/server/outbox';

/** Deliveries to one receiver that one job attempts, all at once. */
export const deliveriesPerJob = 20;

/** Whose attempts share a cap on jobs in flight: the webhook or agent endpoint, or a callback URL's host. */
export function receiverOf(delivery: { webhookId: string | null; targetUrl: string | null; agentEndpointId?: string | null }): string {
  return delivery.webhookId ?? delivery.agentEndpointId ?? new URL(delivery.targetUrl ?? 'http://unknown').host;
}

export interface DueAttempt {
  deliveryId: string;
  receiver: string;
  /** The number of the attempt due. */
  attempt: number;
  /** When it is due; null for at once. */
  runAt: Date | null;
}

/** The jobs that make these attempts: one per receiver and due time, `deliveriesPerJob` attempts at most. */
export function attemptJobs(due: DueAttempt[]): AttemptJob[] {
  const groups = new Map<string, DueAttempt[]>();
  for (const attempt of due) {
    const key = `${attempt.receiver} ${attempt.runAt?.getTime() ?? 'now'}`;
    const group = groups.get(key);
    if (group) group.push(attempt);
    else groups.set(key, [attempt]);
  }
  return [...groups.values()].flatMap((group) =>
    Array.from({ length: Math.ceil(group.length / deliveriesPerJob) }, (_, i) =>
      attemptJob(group.slice(i * deliveriesPerJob, (i + 1) * deliveriesPerJob) as [DueAttempt, ...DueAttempt[]]),
    ),
  );
}

type AttemptJob = OutboxJobInput<'webhook-attempts', 'deliveries.attempt'>;

/**
 * The job that makes these attempts, which are to one receiver and due at one time. It is
 * named after its first delivery and the attempt due for it: an attempt is recorded once, so
 * its job is scheduled once.
 */
export function attemptJob(attempts: [DueAttempt, ...DueAttempt[]]): AttemptJob {
  const [first] = attempts;
  return {
    queue: 'webhook-attempts',
    name: 'deliveries.attempt',
    data: { receiver: first.receiver, deliveryIds: attempts.map((a) => a.deliveryId) },
    jobId: `deliveries.attempt-${first.deliveryId}-${first.attempt}`,
    runAt: first.runAt ?? undefined,
  };
}
