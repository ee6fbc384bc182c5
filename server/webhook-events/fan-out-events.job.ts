import type { Job } from 'bullmq';
import { batchedCalls } from '@/server/db/batched-calls';
import { announceRecordedEvents } from '@/server/live/announce-recorded-events';
import type { JobData } from '@/server/queues';
import { createEventDeliveries } from '@/server/webhooks/create-event-deliveries';

// Events handed on per transaction, however many a job carries: keeps statements and transactions short.
const eventsPerChunk = 500;

/**
 * Hands recorded events to both their audiences: webhooks and callback URLs (deliveries) and
 * open dashboards (live updates). Neither waits for the other, and each acts once however
 * often a job runs.
 */
async function fanOutEvents(eventIds: string[]): Promise<void> {
  for (let i = 0; i < eventIds.length; i += eventsPerChunk) {
    const chunk = eventIds.slice(i, i + eventsPerChunk);
    await Promise.all([createEventDeliveries(chunk), announceRecordedEvents(chunk)]);
  }
}

// Fan-out jobs running at once are fanned out together: many one-event jobs (publishEvent's)
// cost about what one job of many events (publishEvents') does.
const fanOutTogether = batchedCalls((eventIdLists: string[][]) => fanOutEvents(eventIdLists.flat()), 3);

export async function fanOutEventsJob(_job: Job, data: JobData<'webhook-fan-out', 'events.fan-out'>): Promise<void> {
  await fanOutTogether(data.eventIds);
}
