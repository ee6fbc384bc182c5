import { getRedis, redisKey } from '@/server/redis';
import { publishLiveEvent, type LiveEvent } from './publish-live-event';

/**
 * Publishes a recorded event to open dashboards once, however often the job that announces
 * it runs (jobs are delivered at least once).
 */
export async function announceEventOnce(event: LiveEvent): Promise<void> {
  const first = await getRedis().set(redisKey('live', 'announced', event.id), '1', 'EX', 3600, 'NX');
  if (first) await publishLiveEvent(event);
}
