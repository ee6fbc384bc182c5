import { logger } from '@/server/logger';
import { evalScript, getRedis, redisKey } from '@/server/redis';

/**
 * The event logs of runs and sessions (docs/agent-api.md §1.6): a Redis Stream per run and per
 * session, whose entry ids are the SSE `id`s, and a pub/sub channel each announcing new entries
 * to the web processes' open streams. The worker (and cancel, tool outputs, the reconciler)
 * append; readers replay with XRANGE and then follow the channel, so a resume is exact.
 */
export const runStreamKey = (runId: string) => redisKey('agent', 'run-events', runId);
export const runChannel = (runId: string) => redisKey('agent', 'run-channel', runId);
export const sessionStreamKey = (sessionId: string) => redisKey('agent', 'session-events', sessionId);
export const sessionChannel = (sessionId: string) => redisKey('agent', 'session-channel', sessionId);

/** Cancels and takeovers, announced to every worker by run id: the one executing it stops. */
export const runCancelChannel = () => redisKey('agent', 'run-cancels');

export async function announceRunCancel(runId: string): Promise<void> {
  await getRedis().publish(runCancelChannel(), JSON.stringify({ entryId: '', data: runId }));
}

/** A run's log outlives the run by an hour; later its terminal event is rebuilt from the row. */
const RUN_STREAM_TTL_AFTER_END_S = 3600;
/** While a run goes on (it may wait 10 minutes for tool outputs), its log is kept a day. */
const RUN_STREAM_TTL_S = 86_400;
const SESSION_STREAM_LENGTH = 5000;
const SESSION_STREAM_TTL_S = 86_400;

export const terminalRunEvents = new Set(['run.completed', 'run.failed', 'run.cancelled']);

/**
 * Appends events, in order, to the run's log and, for a session run, to the session's log,
 * announcing each entry on its channel. KEYS: run stream, run channel[, session stream, session
 * channel]; ARGV: run TTL, session length, session TTL, then event and data of each. A log that
 * cannot be written (not a stream any more) is announced as a fault, so its readers end with
 * `internal_error` rather than wait.
 */
const APPEND = `
for i = 4, #ARGV, 2 do
  local runEntry = redis.pcall('XADD', KEYS[1], '*', 'event', ARGV[i], 'data', ARGV[i + 1])
  if type(runEntry) == 'table' and runEntry.err then
    redis.call('PUBLISH', KEYS[2], cjson.encode({ fault = true }))
    return runEntry
  end
  redis.call('PUBLISH', KEYS[2], cjson.encode({ entryId = runEntry, event = ARGV[i], data = ARGV[i + 1] }))
  if #KEYS == 4 then
    local sessionEntry = redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[2], '*', 'event', ARGV[i], 'data', ARGV[i + 1])
    redis.call('PUBLISH', KEYS[4], cjson.encode({ entryId = sessionEntry, event = ARGV[i], data = ARGV[i + 1] }))
  end
end
redis.call('EXPIRE', KEYS[1], ARGV[1])
if #KEYS == 4 then redis.call('EXPIRE', KEYS[3], ARGV[3]) end
return 0
`;

export interface RunEventTarget {
  runId: string;
  sessionId: string | null;
}

/** Appends events (name, data already JSON) to a run's log (and its session's), in one round trip. */
async function appendRunEvents(target: RunEventTarget, events: Array<[string, string]>): Promise<void> {
  const ttl = events.some(([event]) => terminalRunEvents.has(event)) ? RUN_STREAM_TTL_AFTER_END_S : RUN_STREAM_TTL_S;
  const keys = [runStreamKey(target.runId), runChannel(target.runId)];
  if (target.sessionId) keys.push(sessionStreamKey(target.sessionId), sessionChannel(target.sessionId));
  await evalScript(
    getRedis(),
    APPEND,
    keys.length,
    ...keys,
    String(ttl),
    String(SESSION_STREAM_LENGTH),
    String(SESSION_STREAM_TTL_S),
    ...events.flat(),
  );
}

/**
 * Appends one event to a session's log and announces it, atomically. KEYS: session stream,
 * session channel; ARGV: length, TTL, event, data. As two round trips, a run's events appended
 * by the worker in between would be announced first, and a reader, which skips entries older
 * than the last it sent, would lose this one.
 */
const APPEND_SESSION = `
local entry = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'event', ARGV[3], 'data', ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('PUBLISH', KEYS[2], cjson.encode({ entryId = entry, event = ARGV[3], data = ARGV[4] }))
return entry
`;

/** An event for a session's log alone (a staff message, a handoff change). */
export async function appendSessionEvent(sessionId: string, event: string, data: unknown): Promise<string> {
  const keys = [sessionStreamKey(sessionId), sessionChannel(sessionId)];
  const args = [String(SESSION_STREAM_LENGTH), String(SESSION_STREAM_TTL_S), event, JSON.stringify(data)];
  return (await evalScript(getRedis(), APPEND_SESSION, keys.length, ...keys, ...args)) as string;
}

export interface EventLog {
  /** Appends in order without waiting: one connection keeps the order. A log that cannot be written never fails the run. */
  add(event: string, data: unknown): void;
  /** Waits for everything added so far. */
  flushed(): Promise<void>;
}

/**
 * A run's event log as its writers use it: events added in the same turn of the event loop (a
 * network read carrying several tokens, the end of a run) go out together in one round trip,
 * and so do those added while the previous round trip is under way, so the order holds and
 * nothing waits for Redis meanwhile. Text deltas waiting together become one delta: an idle
 * system still sends every token as it comes, a busy one sends fewer, larger events instead of
 * falling behind by one Redis write and one SSE frame per token.
 */
export function runEventLog(target: RunEventTarget): EventLog {
  let pending: Array<[string, unknown]> = [];
  let scheduled: NodeJS.Immediate | null = null;
  let writing: Promise<void> | null = null;
  const flush = () => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = null;
    if (writing || pending.length === 0) return; // what is pending goes out when the write under way ends
    const batch = mergeDeltas(pending);
    pending = [];
    writing = appendRunEvents(target, batch)
      .catch((err: Error) => logger.warn({ runId: target.runId, err: err.message }, 'run events not logged'))
      .finally(() => {
        writing = null;
        flush();
      });
  };
  return {
    add(event, data) {
      pending.push([event, data]);
      scheduled ??= setImmediate(flush);
    },
    async flushed() {
      flush();
      while (writing) await writing;
    },
  };
}

/** Events as JSON, consecutive `message.delta`s joined into one. */
function mergeDeltas(events: Array<[string, unknown]>): Array<[string, string]> {
  const merged: Array<[string, unknown]> = [];
  for (const [event, data] of events) {
    const last = merged.at(-1);
    if (event === 'message.delta' && last?.[0] === 'message.delta') {
      last[1] = { text: (last[1] as { text: string }).text + (data as { text: string }).text };
    } else merged.push([event, data]);
  }
  return merged.map(([event, data]) => [event, JSON.stringify(data)]);
}
