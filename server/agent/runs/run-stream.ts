import { logger } from '@/server/logger';
import { getRedis, redisKey } from '@/server/redis';

/**
 * The event logs of runs and sessions (agent-api.md §1.6): a Redis Stream per run and per
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
 * Appends one event to the run's log and, for a session run, to the session's log, announcing
 * each entry on its channel. KEYS: run stream, run channel[, session stream, session channel];
 * ARGV: event, data, run TTL, session length, session TTL. A log that cannot be written (not a
 * stream any more) is announced as a fault, so its readers end with `internal_error` rather than wait.
 */
const APPEND = `
local runEntry = redis.pcall('XADD', KEYS[1], '*', 'event', ARGV[1], 'data', ARGV[2])
if type(runEntry) == 'table' and runEntry.err then
  redis.call('PUBLISH', KEYS[2], cjson.encode({ fault = true }))
  return runEntry
end
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('PUBLISH', KEYS[2], cjson.encode({ entryId = runEntry, event = ARGV[1], data = ARGV[2] }))
if #KEYS == 4 then
  local sessionEntry = redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[4], '*', 'event', ARGV[1], 'data', ARGV[2])
  redis.call('EXPIRE', KEYS[3], ARGV[5])
  redis.call('PUBLISH', KEYS[4], cjson.encode({ entryId = sessionEntry, event = ARGV[1], data = ARGV[2] }))
end
return runEntry
`;

export interface RunEventTarget {
  runId: string;
  sessionId: string | null;
}

/** Appends an event to a run's log (and its session's); returns the run log's entry id. */
export async function appendRunEvent(target: RunEventTarget, event: string, data: unknown): Promise<string> {
  const ttl = terminalRunEvents.has(event) ? RUN_STREAM_TTL_AFTER_END_S : RUN_STREAM_TTL_S;
  const keys = [runStreamKey(target.runId), runChannel(target.runId)];
  if (target.sessionId) keys.push(sessionStreamKey(target.sessionId), sessionChannel(target.sessionId));
  return (await getRedis().eval(
    APPEND,
    keys.length,
    ...keys,
    event,
    JSON.stringify(data),
    String(ttl),
    String(SESSION_STREAM_LENGTH),
    String(SESSION_STREAM_TTL_S),
  )) as string;
}

/** An event for a session's log alone (a staff message, a handoff change). */
export async function appendSessionEvent(sessionId: string, event: string, data: unknown): Promise<string> {
  const redis = getRedis();
  const json = JSON.stringify(data);
  const entryId = (await redis.xadd(
    sessionStreamKey(sessionId),
    'MAXLEN',
    '~',
    String(SESSION_STREAM_LENGTH),
    '*',
    'event',
    event,
    'data',
    json,
  )) as string;
  await redis.expire(sessionStreamKey(sessionId), SESSION_STREAM_TTL_S);
  await redis.publish(sessionChannel(sessionId), JSON.stringify({ entryId, event, data: json }));
  return entryId;
}

export interface EventLog {
  /** Appends in order without waiting: one connection keeps the order. A log that cannot be written never fails the run. */
  add(event: string, data: unknown): void;
  /** Waits for everything added so far. */
  flushed(): Promise<void>;
}

export function runEventLog(target: RunEventTarget): EventLog {
  let last: Promise<unknown> = Promise.resolve();
  return {
    add(event, data) {
      last = appendRunEvent(target, event, data).catch((err: Error) =>
        logger.warn({ runId: target.runId, event, err: err.message }, 'run event not logged'),
      );
    },
    flushed: () => last.then(() => undefined),
  };
}
