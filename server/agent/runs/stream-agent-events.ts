import { config } from '@/server/config';
import { agentErrorEnvelope, agentStreamFaultEnvelope, AgentError, type AgentLanguage } from '@/server/errors/agent-error';
import { listenToChannel, type LiveMessage } from '@/server/live/live-subscriber';
import { entryAfter } from '@/server/live/stream-live-events';
import { logger } from '@/server/logger';
import { getRedis } from '@/server/redis';

const PING_MS = 15_000;
const encoder = new TextEncoder();

export interface AgentEventTail {
  streamKey: string;
  channel: string;
  /** Resume point (`Last-Event-ID` or `?after=`): only strictly later events are sent. */
  after: string | null;
  /** The stream ends after an event this accepts (a run stream's terminal event). */
  endsAfter?: (event: string) => boolean;
  /** When the log is gone (it lives an hour after its run), what to send instead: the terminal event rebuilt from the row. */
  whenExpired?: () => Promise<Array<{ id: string; event: string; data: unknown }>>;
  signal: AbortSignal;
  /** The caller's client token expires then: an `error` event `token_expired` ends the stream. */
  expiresAt?: Date;
  requestId: string;
  language: AgentLanguage;
}

/**
 * Serves an agent event log as server-sent events (docs/agent-api.md §1.6): the channel is joined
 * first, the log replayed after the resume point, then live entries follow, each sent once by
 * its entry id (the SSE `id`), so a reconnect has no gap and no duplicate. `: connected` at once,
 * `: ping` every 15 s; after STREAM_MAX_OPEN_S an `error` event `stream_timeout` closes it; a
 * failing event store gives `error` `internal_error`. None of this touches the run, which goes
 * on in the worker.
 */
export function streamAgentEvents(tail: AgentEventTail): Response {
  let cleanup = () => {};
  // Set when the stream ends, from either side: the client may leave while it is still being set up.
  let closed = false;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let lastSent = tail.after ?? '0-0';
      let replaying = true;
      const buffered: LiveMessage[] = [];
      const close = () => {
        if (closed) return;
        closed = true;
        cleanup();
        try {
          controller.close();
        } catch {
          // the client went away first
        }
      };
      const write = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      const fault = (envelope: unknown) => {
        write(`event: error\ndata: ${JSON.stringify(envelope)}\n\n`);
        close();
      };
      const send = (message: LiveMessage) => {
        if (message.fault) return fault(agentErrorEnvelope(new AgentError('internal_error'), tail.requestId, tail.language));
        if (closed || !entryAfter(message.entryId, lastSent)) return;
        lastSent = message.entryId;
        write(`id: ${message.entryId}\nevent: ${message.event ?? 'message'}\ndata: ${message.data}\n\n`);
        if (message.event && tail.endsAfter?.(message.event)) close();
      };

      // A first byte at once sends the headers: a client sees the stream open (not 15 s later, at the first ping).
      write(': connected\n\n');
      const unlisten = await listenToChannel(tail.channel, (message) => (replaying ? buffered.push(message) : send(message)));
      if (closed || tail.signal.aborted) {
        // Gone before the subscription was confirmed: nothing to follow, no timer to start.
        unlisten();
        return close();
      }
      const ping = setInterval(() => write(': ping\n\n'), PING_MS);
      const timeout = setTimeout(
        () => fault(agentStreamFaultEnvelope('stream_timeout', tail.requestId, tail.language)),
        config.STREAM_MAX_OPEN_S * 1000,
      );
      const expiry = tail.expiresAt
        ? setTimeout(
            () => fault(agentErrorEnvelope(new AgentError('token_expired'), tail.requestId, tail.language)),
            Math.max(0, tail.expiresAt.getTime() - Date.now()),
          )
        : undefined;
      cleanup = () => {
        clearInterval(ping);
        clearTimeout(timeout);
        clearTimeout(expiry);
        unlisten();
      };
      tail.signal.addEventListener('abort', close);

      try {
        const redis = getRedis();
        const entries = await redis.xrange(tail.streamKey, tail.after ? `(${tail.after}` : '-', '+');
        if (entries.length === 0 && tail.whenExpired && (await redis.exists(tail.streamKey)) === 0) {
          for (const event of await tail.whenExpired()) send({ entryId: event.id, event: event.event, data: JSON.stringify(event.data) });
        }
        for (const [entryId, fields] of entries) send({ entryId, ...entryFields(fields) });
      } catch (error) {
        logger.error({ requestId: tail.requestId, err: error }, 'agent event log unreadable');
        return fault(agentErrorEnvelope(new AgentError('internal_error'), tail.requestId, tail.language));
      }
      replaying = false;
      buffered.forEach(send);
    },
    cancel() {
      closed = true;
      cleanup();
    },
  });
  return new Response(body, {
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' },
  });
}

/** A log entry's fields: `event`, `data`. */
function entryFields(fields: string[]): { event: string; data: string } {
  const value = (name: string) => fields[fields.indexOf(name) + 1] ?? '';
  return { event: value('event'), data: value('data') || '{}' };
}
