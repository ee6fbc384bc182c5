import type { Redis } from 'ioredis';
import { logger } from '@/server/logger';
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
/** A subscribed channel: its listeners, and the subscription every listener waits for (not just the first). */
interface Channel {
  listeners: Set<Listener>;
  subscribed: Promise<unknown>;
}

const state = globalThis as unknown as { liveSubscriber?: { redis: Redis; channels: Map<string, Channel> } };

function subscriber() {
  if (!state.liveSubscriber) {
    const redis = createRedis({ maxRetriesPerRequest: null, commandTimeout: undefined });
    const channels = new Map<string, Channel>();
    redis.on('message', (name: string, text: string) => {
      const channel = channels.get(name);
      if (!channel) return;
      const message = JSON.parse(text) as LiveMessage;
      for (const listener of channel.listeners) {
        // One listener's fault must not keep the message from the others (another tab of the same session).
        try {
          listener(message);
        } catch (error) {
          logger.error({ err: error, channel: name }, 'live listener failed');
        }
      }
    });
    redis.on('error', () => {}); // ioredis reconnects and resubscribes by itself
    state.liveSubscriber = { redis, channels };
  }
  return state.liveSubscriber;
}

/** Calls `listener` for every live event of the organization until the returned function is called. */
export function listenToOrg(orgId: string, listener: Listener): Promise<() => void> {
  return listenToChannel(liveChannel(orgId), listener);
}

/**
 * Calls `listener` for every message published on `channel` (JSON `{entryId, data}`, as the live
 * events and the agent service's run events are) until the returned function is called. Resolves
 * once Redis has confirmed the subscription, for a second listener of a channel too: a reader
 * that replays its log next then misses nothing published after the replay.
 */
export async function listenToChannel(name: string, listener: Listener): Promise<() => void> {
  const { redis, channels } = subscriber();
  let channel = channels.get(name);
  if (!channel) channels.set(name, (channel = { listeners: new Set(), subscribed: redis.subscribe(name) }));
  const joined = channel;
  joined.listeners.add(listener);
  const leave = () => {
    joined.listeners.delete(listener);
    if (joined.listeners.size === 0 && channels.get(name) === joined) {
      channels.delete(name);
      void redis.unsubscribe(name).catch(() => {});
    }
  };
  try {
    await joined.subscribed;
  } catch (error) {
    leave();
    throw error;
  }
  return leave;
}
