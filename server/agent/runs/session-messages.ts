import { db, type AgentMessage, type AgentRun } from '@/server/db';
import { AgentError, type AgentLanguage } from '@/server/errors/agent-error';
import { getRedis } from '@/server/redis';
import { replayedAs } from '@/server/agent/http/agent-route';
import type { AgentCaller, ClientTokenCaller, ProjectCaller } from '@/server/agent/access/agent-caller';
import { presentRun } from '@/server/agent/ask/present-run';
import { presentHandoff } from '@/server/agent/handoffs/handoff-rows';
import { pageAgentList, type AgentListParams } from '@/server/agent/http/agent-paging';
import { findSession } from '@/server/agent/sessions/manage-sessions';
import { acceptSessionMessage, type SessionMessageInput } from './accept-session-message';
import { findSessionRun } from './end-run';
import { presentMessage } from './present-message';
import { runChannel, runStreamKey, sessionChannel, sessionStreamKey, terminalRunEvents } from './run-stream';
import { waitForRun } from './wait-for-run';
import { queuePositionOf } from './session-runs';
import { streamAgentEvents } from './stream-agent-events';

/** Where a stream request says to resume: `Last-Event-ID`, else `?after=`; an entry id `<ms>-<seq>`. */
export function resumePoint(request: Request, after: string | undefined): string | null {
  const point = request.headers.get('last-event-id') ?? after ?? null;
  if (point !== null && !/^\d{1,16}-\d{1,10}$/.test(point)) {
    throw new AgentError('invalid_parameter', { param: request.headers.has('last-event-id') ? 'Last-Event-ID' : 'after' });
  }
  return point;
}

export interface StreamContext {
  request: Request;
  requestId: string;
  language: AgentLanguage;
  /** A client token's expiry: the stream then sends `error` `token_expired` and ends (docs/agent-api.md §1.6). */
  expiresAt?: Date;
}

/** The stream context of a request, with its client token's expiry. */
export function streamContextOf(ctx: { caller: AgentCaller; request: Request; requestId: string; language: AgentLanguage }): StreamContext {
  return {
    request: ctx.request,
    requestId: ctx.requestId,
    language: ctx.language,
    expiresAt: ctx.caller.kind === 'client_token' ? ctx.caller.expiresAt : undefined,
  };
}

/**
 * POST /v1/sessions/{session}/messages: the message is accepted and its run started or queued
 * (accept-session-message.ts). With `stream: true` the answer is the run's event stream, ending
 * at its terminal event or at `run.requires_action`; with `wait_ms` it waits that long at most
 * for the run to end or pause; then `{message, run, reply?}` as things stand. While staff have
 * the session the message is stored for them and no run starts: `{message, run: null, handoff}`,
 * as JSON even when `stream` was asked for. A stream's Idempotency-Key replay is `{message, run}` as accepted.
 */
export async function postSessionMessage(
  caller: ProjectCaller | ClientTokenCaller,
  sessionRef: string,
  body: SessionMessageInput & { stream: boolean; wait_ms: number; tools?: unknown },
  context: StreamContext,
) {
  // The contract's code rather than unknown_field: integrators coming from ask send it.
  if (body.tools !== undefined) throw new AgentError('tools_not_allowed_with_session', { param: '/tools' });
  const accepted = await acceptSessionMessage(caller, sessionRef, { ...body, on_handoff: 'store' });
  if (accepted.run === null) {
    return {
      object: 'session.message_result' as const,
      message: presentMessage(accepted.message),
      run: null,
      handoff: presentHandoff(accepted.handoff),
    };
  }
  if (body.stream) {
    const stream = runEventsResponse(accepted.run, null, context, { endAtPause: true });
    return replayedAs(stream, messageResult(accepted.message, accepted.run, accepted.queuePosition));
  }
  // A new run not waited for stands as accepted a moment ago: the transaction's row and queue position.
  if (body.wait_ms === 0 && !accepted.replayed) return messageResult(accepted.message, accepted.run, accepted.queuePosition);
  if (body.wait_ms > 0) await waitForRun(accepted.run, body.wait_ms);
  return messageOutcome(accepted.message, accepted.run.id);
}

/** `{message, run, reply?}` with the run as it is now (after a wait, or for a replay, whose run may have ended). */
async function messageOutcome(message: AgentMessage, runId: string) {
  const run = await db.agentRun.findUniqueOrThrow({ where: { id: runId } });
  const reply = run.replyMessageId ? await db.agentMessage.findUnique({ where: { id: run.replyMessageId } }) : null;
  return messageResult(message, run, await queuePositionOf(run), reply);
}

function messageResult(message: AgentMessage, run: AgentRun, queuePosition: number | undefined, reply: AgentMessage | null = null) {
  return {
    object: 'session.message_result' as const,
    message: presentMessage(message),
    run: presentRun(run, { queuePosition }),
    ...(reply ? { reply: presentMessage(reply) } : {}),
  };
}

/** A run's event stream; the rest of its log after `after`, then live until its terminal event. */
export function runEventsResponse(run: AgentRun, after: string | null, context: StreamContext, options: { endAtPause?: boolean } = {}) {
  return streamAgentEvents({
    streamKey: runStreamKey(run.id),
    channel: runChannel(run.id),
    after,
    endsAfter: (event) => terminalRunEvents.has(event) || (options.endAtPause === true && event === 'run.requires_action'),
    whenExpired: async () => {
      const now = await db.agentRun.findUniqueOrThrow({ where: { id: run.id } });
      if (!now.completedAt) return [];
      return [{ id: `${now.completedAt.getTime()}-0`, event: `run.${now.status}`, data: presentRun(now) }];
    },
    signal: context.request.signal,
    requestId: context.requestId,
    language: context.language,
    expiresAt: context.expiresAt,
  });
}

/** The id of the last event in a run's log, if any. */
export async function lastRunEventId(runId: string): Promise<string | null> {
  const [last] = await getRedis().xrevrange(runStreamKey(runId), '+', '-', 'COUNT', 1);
  return last?.[0] ?? null;
}

export async function streamRunEvents(projectId: string, runId: string, after: string | null, context: StreamContext, owner?: string) {
  return runEventsResponse(await findSessionRun(projectId, runId, owner), after, context);
}

/** GET /v1/sessions/{session}/events: every run's events, staff messages and handoff changes, open across runs. */
export async function streamSessionEvents(projectId: string, sessionRef: string, after: string | null, context: StreamContext, owner?: string) {
  const session = await findSession(projectId, sessionRef, owner);
  return streamAgentEvents({
    streamKey: sessionStreamKey(session.id),
    channel: sessionChannel(session.id),
    after,
    signal: context.request.signal,
    requestId: context.requestId,
    language: context.language,
    expiresAt: context.expiresAt,
  });
}

export async function getRun(projectId: string, runId: string) {
  const run = await findSessionRun(projectId, runId);
  return presentRun(run, { queuePosition: await queuePositionOf(run) });
}

export async function listSessionMessages(projectId: string, sessionRef: string, params: AgentListParams, owner?: string) {
  const session = await findSession(projectId, sessionRef, owner);
  return pageAgentList(
    params,
    (id) => db.agentMessage.findFirst({ where: { id, sessionId: session.id }, select: { id: true, createdAt: true } }),
    (window) =>
      db.agentMessage.findMany({ where: { AND: [{ sessionId: session.id }, window.where] }, orderBy: window.orderBy, take: window.take }),
    presentMessage,
  );
}

export async function listSessionRuns(projectId: string, sessionRef: string, params: AgentListParams) {
  const session = await findSession(projectId, sessionRef);
  return pageAgentList(
    params,
    (id) => db.agentRun.findFirst({ where: { id, sessionId: session.id }, select: { id: true, createdAt: true } }),
    (window) => db.agentRun.findMany({ where: { AND: [{ sessionId: session.id }, window.where] }, orderBy: window.orderBy, take: window.take }),
    (run) => presentRun(run),
  );
}
