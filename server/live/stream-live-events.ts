import { getRedis } from '@/server/redis';
import { listenToOrg, type LiveMessage } from './live-subscriber';
import { liveStreamKey } from './publish-live-event';

const HEARTBEAT_MS = 15_000;
const encoder = new TextEncoder();

/** Stream entry ids are `<ms>-<seq>`: compared as numbers, never as text. */
export function entryAfter(a: string, b: string): boolean {
  const [am = 0, as = 0] = a.split('-').map(Number);
  const [bm = 0, bs = 0] = b.split('-').map(Number);
  return am > bm || (am === bm && as > bs);
}

const frame = ({ entryId, data }: LiveMessage) => encoder.encode(`id: ${entryId}\nevent: live\ndata: ${data}\n\n`);

/**
 * The server-sent event stream of one browser: what the organization's Redis stream holds after
 * `lastEventId` (a reconnect catches up), then everything published on its channel. The channel
 * is joined before the stream is read, and entries seen in both are sent once.
 */
export function streamLiveEvents(orgId: string, lastEventId: string | null, signal: AbortSignal): ReadableStream<Uint8Array> {
  let cleanup = () => {};
  // Set when the stream ends, from either side: the browser may leave while it is still being set up.
  let closed = false;
  const end = () => {
    closed = true;
    cleanup();
  };
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let lastSent = lastEventId ?? '0-0';
      let replaying = true;
      const buffered: LiveMessage[] = [];
      const enqueue = (bytes: Uint8Array) => {
        if (!closed) controller.enqueue(bytes);
      };
      const send = (message: LiveMessage) => {
        if (!entryAfter(message.entryId, lastSent)) return;
        lastSent = message.entryId;
        enqueue(frame(message));
      };
      const unlisten = await listenToOrg(orgId, (message) => (replaying ? buffered.push(message) : send(message)));
      if (closed || signal.aborted) {
        // Gone before the subscription was confirmed: nothing to follow, no timer to start.
        unlisten();
        end();
        try {
          controller.close();
        } catch {
          // already cancelled
        }
        return;
      }
      const heartbeat = setInterval(() => enqueue(encoder.encode(': keep-alive\n\n')), HEARTBEAT_MS);
      cleanup = () => {
        clearInterval(heartbeat);
        unlisten();
      };
      signal.addEventListener('abort', () => {
        end();
        try {
          controller.close();
        } catch {
          // already closed by the browser going away
        }
      });

      enqueue(encoder.encode('retry: 3000\n: connected\n\n'));
      if (lastEventId) {
        const entries = await getRedis().xrange(liveStreamKey(orgId), `(${lastEventId}`, '+', 'COUNT', 500);
        for (const [entryId, fields] of entries) send({ entryId, data: fields[1] ?? '{}' });
      }
      replaying = false;
      buffered.forEach(send);
    },
    cancel() {
      end();
    },
  });
}
