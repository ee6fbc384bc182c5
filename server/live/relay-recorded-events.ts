import { db } from '@/server/db';
import { logger } from '@/server/logger';
import { getRedis, redisKey } from '@/server/redis';
import { listenedOrgIds } from './live-subscriber';
import { publishLiveEvent } from './publish-live-event';

/**
 * Bridge until the webhook fan-out job publishes every Event row itself: while browsers listen
 * in this process, new Event rows of their organizations are published as live events. Rows
 * are read with a look-back (a transaction may commit after a later one), and a Redis SET NX
 * per event makes each one published once however many web instances relay it.
 */
const POLL_MS = 400;
const LOOK_BACK_MS = 10_000;
const state = globalThis as unknown as { liveRelay?: { users: number; timer?: NodeJS.Timeout; since: Date } };

async function relayOnce(since: Date): Promise<void> {
  const orgIds = listenedOrgIds();
  if (orgIds.length === 0) return;
  const events = await db.event.findMany({
    where: { orgId: { in: orgIds }, createdAt: { gt: new Date(Math.max(since.getTime(), Date.now() - LOOK_BACK_MS)) } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: 500,
  });
  const redis = getRedis();
  for (const event of events) {
    const first = await redis.set(redisKey('live', 'relayed', event.id), '1', 'PX', LOOK_BACK_MS * 6, 'NX');
    if (first) await publishLiveEvent({ id: event.id, orgId: event.orgId, type: event.type, payload: event.payload });
  }
}

/** Starts the relay (once per process) and returns the function that releases it. */
export function startRecordedEventRelay(): () => void {
  const relay = (state.liveRelay ??= { users: 0, since: new Date() });
  relay.users += 1;
  if (!relay.timer) {
    relay.since = new Date(Date.now() - POLL_MS);
    const tick = async () => {
      try {
        await relayOnce(relay.since);
      } catch (error) {
        logger.warn({ err: error }, 'live event relay failed; retrying');
      }
      if (relay.users > 0) relay.timer = setTimeout(tick, POLL_MS);
      else relay.timer = undefined;
    };
    relay.timer = setTimeout(tick, 0);
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    relay.users -= 1;
  };
}
