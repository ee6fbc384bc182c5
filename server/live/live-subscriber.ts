import type { Redis } from 'ioredis';
import { createRedis } from '@/server/redis';
import { liveChannel } from './publish-live-event';

/** What a listener receives: the stream entry id (the SSE `id`) and the event as JSON text. */
export interface LiveMessage {
  entryId: string;
  data: string;
  /** The SSE event name, where the stream has several (the agent service's). */
  event?: string;
  /** The log could not be written: its readers end with a stream fault. */
  fault?: boolean;
}
type Listener = (message: LiveMessage) => void;

/**
 * One Redis subscriber connection per web process, shared by all its SSE connections: a
 * channel per organization is subscribed while at least one browser of that organization
 * listens. A dedicated connection per browser would cost Redis a client per open tab.
 */
const state = globalThis as unknown as { liveSubscriber?: { redis: Redis; listeners: Map<string, Set<Listener>> } };

function subscriber() {
  if (!state.liveSubscriber) {
    const redis = createRedis({ maxRetriesPerRequest: null, commandTimeout: undefined });
    const listeners = new Map<string, Set<Listener>>();
    redis.on('message', (channel: string, text: string) => {
      const set = listeners.get(channel);
      if (!set) return;
      const message = JSON.parse(text) as LiveMessage;
      for (const listener of set) listener(message);
    });
    redis.on('error', () => {}); // ioredis reconnects and resubscribes by itself
    state.liveSubscriber = { redis, listeners };
  }
  return state.liveSubscriber;
}

/** Calls `listener` for every live event of the organization until the returned function is called. */
export function listenToOrg(orgId: string, listener: Listener): Promise<() => void> {
  return listenToChannel(liveChannel(orgId), listener);
}

/**
 * Calls `listener` for every message published on `channel` (JSON `{entryId, data}`, as the live
 * events and the agent service's run events are) until the returned function is called.
 */
export async function listenToChannel(channel: string, listener: Listener): Promise<() => void> {
  const { redis, listeners } = subscriber();
  let set = listeners.get(channel);
  if (!set) {
    listeners.set(channel, (set = new Set()));
    await redis.subscribe(channel);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0 && listeners.get(channel) === set) {
      listeners.delete(channel);
      void redis.unsubscribe(channel).catch(() => {});
    }
  };
}
