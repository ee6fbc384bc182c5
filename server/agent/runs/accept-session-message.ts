import type { Sql } from '@/server/db/sql';
import type { AgentHandoff, AgentMessage, AgentRun, AgentSession } from '@/server/db';
import { pgTransaction } from '@/server/db/pg';
import { newId } from '@/server/db/ids';
import { AgentError } from '@/server/errors/agent-error';
import { ownerOf, type ClientTokenCaller, type ProjectCaller } from '@/server/agent/access/agent-caller';
import { assertAgentReady } from '@/server/agent/agents/agent-readiness';
import { inputLimitFor, readAskInput, SERVER_INPUT_LIMIT } from '@/server/agent/ask/ask-input';
import { checkOverrides } from '@/server/agent/ask/ask-overrides';
import { resolveVariables, type VariableValue } from '@/server/agent/ask/ask-variables';
import { checkRequestedModel } from '@/server/agent/ask/model-candidates';
import type { AgentConfig } from '@/server/agent/agents/agent-config';
import { loadProjectModelAccess, type ProjectModelAccess } from '@/server/agent/models/project-model-access';
import { activeHandoff } from '@/server/agent/handoffs/handoff-rows';
import { insertSessionMessage, openHandoff } from '@/server/agent/handoffs/open-handoff';
import { sessionAgent } from '@/server/agent/sessions/session-agent';
import { findCatalogueModel } from '@/server/agent/models/catalogue';
import { admitConversation, admitPlaygroundConversation } from '@/server/agent/usage/ai-usage-limits';
import { admitAnonymousMessage } from '@/server/agent/usage/anonymous-caps';
import { recordAgentEvent } from '@/server/agent/webhooks/record-agent-event';
import { touchWidgetConversation } from '@/server/agent/widget/widget-conversation';
import type { WhatsAppOrigin } from '@/server/agent/channels/whatsapp-origin';
import { outboxJobData } from '@/server/outbox';
import { presentMessage } from './present-message';
import { findRunSession } from './run-rows';
import { runEventLog } from './run-stream';
import { keepRunSecrets } from './run-secrets';
import { checkBrowserMessageFields, unheldVariables } from './browser-message-fields';
import { executeRunJob, queuePositionOf, settleSessionJob } from './session-runs';
import { isReplay, placeRun, reopensSession, staffOrRun, type RunPlacement, type StaffOrRun } from './accept-decisions';
import {
  findByClientMessageId,
  findRun,
  insertAcceptedRun,
  joinNewestQueuedRun,
  latestRunOf,
  lockAndTouchSession,
  reopenSession,
  sessionLoad,
} from './accept-statements';

/**
 * Who sends a session message: an API or dashboard caller, or a channel with no HTTP caller
 * (the WhatsApp bot hook, server/agent/whatsapp/), which sends the text it was given.
 */
export type MessageSender = ProjectCaller | ClientTokenCaller | { kind: 'channel'; projectId: string; orgId: string };

/**
 * A channel message (docs/agent-api.md §1.5): its run waits `coalesceMs` before it starts, and a
 * message arriving while a run of the session is still queued joins that run's input rather
 * than making one of its own, so a burst, or what was written during a run, gets one answer.
 * While staff have the session the message is stored for them, as any session message.
 */
export interface ChannelMessage {
  coalesceMs: number;
  whatsapp: WhatsAppOrigin;
}

export interface SessionMessageInput {
  input: unknown;
  client_message_id?: string;
  variables?: Record<string, VariableValue>;
  overrides?: Record<string, unknown>;
  if_closed: 'reopen' | 'error';
  /** While staff have the session: store the message for them (session messages) or refuse it, `handoff_already_open` (ask). */
  on_handoff?: 'store' | 'refuse';
}

export type AcceptedMessage = AcceptedForRun | AcceptedForStaff;

export interface AcceptedForRun {
  run: AgentRun;
  /** A channel message: it joined this queued run's input. */
  joined?: boolean;
  handoff?: undefined;
  message: AgentMessage;
  queuePosition?: number;
  /** The same client_message_id was sent before: its run, not a new one. */
  replayed: boolean;
}

/** Why a channel message was not accepted: it was already (a job handed over twice). */
export class ChannelMessageSkipped extends Error {
  constructor(readonly reason: string) {
    super(`channel message skipped: ${reason}`);
  }
}

/** Staff have the session (a handoff was active, or the message named a never-handle topic): stored, no run. */
export interface AcceptedForStaff {
  run: null;
  handoff: AgentHandoff;
  message: AgentMessage;
  replayed: boolean;
  queuePosition?: undefined;
}

/**
 * Accepts a user message into a session (docs/agent-api.md §1.3–1.5) and starts or queues its run;
 * the run itself executes in the worker. Refusals come first, before anything is written:
 * input, the agent (archived, not ready), variables (message, then session, then defaults),
 * overrides and the model they pick, the monthly quota on the session's first run of the month.
 * Then, with the session row locked: closed sessions (reopened unless `if_closed: error`),
 * `client_message_id` replays, and concurrency (`session_busy` with Retry-After for `reject`,
 * `queued` behind the others for `queue`, the eleventh waiting refused). While a handoff is
 * active, or when the message names one of the agent's never-handle topics (which opens one),
 * the message is stored for staff and no run starts (docs/agent-api.md §1.7).
 */
export async function acceptSessionMessage(
  caller: MessageSender,
  sessionRef: string,
  body: SessionMessageInput,
  channel?: ChannelMessage,
): Promise<AcceptedMessage> {
  const request = await readMessageRequest(caller, sessionRef, body);
  await keepRunSecrets(request.runId, request.secrets);
  const refunds: Array<() => Promise<void>> = [];
  let afterCommit: (() => Promise<void>) | undefined;
  let inbox = null as (() => Promise<void>) | null;
  try {
    const accepted = await pgTransaction(async (client): Promise<AcceptedMessage> => {
      const { session } = request;
      const locked = await lockAndTouchSession(client, session.id);
      if (!locked) throw new AgentError('session_not_found', { param: 'session' });
      if (reopensSession(locked.status, body.if_closed)) await reopenSession(client, session.id);
      const earlier = await earlierAcceptance(client, request, channel);
      if (earlier.replay) return earlier.replay;
      // An anonymous widget visitor's message counts against their caps (docs/agent-api.md §1.8); a replay above did not.
      if (caller.kind === 'client_token' && caller.anonymous) refunds.push(await admitAnonymousMessage(caller.address, session.id));
      // A widget visitor's message is their inbox conversation's newest (docs/agent-api.md §2.6).
      if (session.channel === 'widget') {
        inbox = await touchWidgetConversation(client, session.id, { role: 'user', text: request.text, createdAt: new Date() });
      }
      const answer = staffOrRun(await activeHandoff(client, session.id), body.on_handoff, request.config, request.text);
      if (answer.answer !== 'run') {
        const forStaff = await leaveToStaff(client, request, answer, earlier.resent);
        afterCommit = forStaff.afterCommit;
        return forStaff.accepted;
      }
      if (channel) {
        const joined = await joinQueuedRun(client, userMessage(request), channel.whatsapp);
        if (joined) return joined;
      }
      const load = await sessionLoad(client, session.id);
      const placement = placeRun(load, locked.concurrency, channel?.coalesceMs);
      if (!load.ranThisMonth) {
        refunds.push(
          await admitConversation(caller.orgId, { dailyCostCapMicros: null, monthlyConversations: request.access.plan.monthlyConversations }),
        );
      }
      if (session.channel === 'playground' && !load.ranToday && findCatalogueModel(request.model)?.platform_provided) {
        refunds.push(await admitPlaygroundConversation(caller.projectId));
      }
      return startRun(client, request, placement, earlier.resent, channel);
    });
    await afterCommit?.();
    await inbox?.();
    return accepted;
  } catch (error) {
    for (const refund of refunds) await refund();
    throw error;
  }
}

/** What a message asks, checked before anything is written. */
interface MessageRequest {
  caller: MessageSender;
  session: AgentSession;
  text: string;
  clientMessageId: string | null;
  agentId: string;
  agentVersion: number;
  config: AgentConfig;
  access: ProjectModelAccess;
  model: string;
  runId: string;
  /** The run's options: what the message asks of this run alone. */
  options: Record<string, unknown>;
  /** Secret variables given with the message, kept for its run only (run-secrets.ts). */
  secrets: Record<string, VariableValue>;
}

/**
 * The refusals that come before anything is written: the session (a client token reaches only
 * its end user's: another's is 404, as a missing one), input, the agent (archived, not ready),
 * variables (message, then session, then defaults), overrides and the model they pick.
 */
async function readMessageRequest(caller: MessageSender, sessionRef: string, body: SessionMessageInput): Promise<MessageRequest> {
  const session = await findRunSession(caller.projectId, sessionRef, caller.kind === 'channel' ? undefined : ownerOf(caller));
  const text = readAskInput(body.input, caller.kind === 'channel' ? SERVER_INPUT_LIMIT : inputLimitFor(caller));
  const [{ agent, version, config }, access] = await Promise.all([sessionAgent(session), loadProjectModelAccess(caller.projectId)]);
  assertAgentReady(agent.slug, config, access);

  const fromBrowser = caller.kind === 'client_token';
  if (fromBrowser) checkBrowserMessageFields(config.variables, body);
  const held = session.variables as Record<string, VariableValue>;
  const given = fromBrowser ? unheldVariables(body.variables ?? {}, held) : (body.variables ?? {});
  const variables = resolveVariables(config.variables, { ...held, ...given });
  const overrides = checkOverrides(body.overrides ?? {}, config);
  const model = overrides.model ? checkRequestedModel(overrides.model, access, config.provider_credential).id : config.model.id;
  const secrets: Record<string, VariableValue> = {};
  const plain: Record<string, VariableValue> = {};
  for (const [name, value] of Object.entries(given)) (variables.get(name)?.secret ? secrets : plain)[name] = value;
  const options = {
    // The worker resolves them again at the run's start: a browser's below the session's then.
    [fromBrowser ? 'browser_variables' : 'variables']: plain,
    overrides,
    ...(Object.keys(secrets).length > 0 ? { secrets: true } : {}),
  };
  return {
    caller,
    session,
    text,
    clientMessageId: body.client_message_id ?? null,
    agentId: agent.id,
    agentVersion: version,
    config,
    access,
    model,
    runId: newId('agentRun'),
    options,
    secrets,
  };
}

/**
 * The same `client_message_id` sent before. A channel message handed over again (a retried
 * job) was answered, or joined a run, already: its run is the replay, and without one it is
 * skipped. Another caller's is a replay of its answer, unless that run failed: then `resent`
 * is the message, to run again.
 */
async function earlierAcceptance(
  client: Sql,
  request: MessageRequest,
  channel: ChannelMessage | undefined,
): Promise<{ replay?: AcceptedMessage; resent: AgentMessage | null }> {
  if (request.clientMessageId === null) return { resent: null };
  const earlier = await findByClientMessageId(client, request.session.id, request.clientMessageId);
  if (channel) {
    const run = earlier?.runId ? await findRun(client, earlier.runId) : null;
    if (earlier && run) return { replay: { run, message: earlier, replayed: true }, resent: null };
    if (earlier) throw new ChannelMessageSkipped('already_accepted');
    return { resent: null };
  }
  const run = earlier && (await latestRunOf(client, earlier.id));
  if (earlier && isReplay(earlier, request.text, run) && run) {
    return { replay: { run, message: earlier, replayed: true, queuePosition: await queuePositionOf(run) }, resent: earlier };
  }
  return { resent: earlier };
}

/** Staff answer: the message is stored for them (unless it was already), and a never-handle topic opens their handoff. */
async function leaveToStaff(
  client: Sql,
  request: MessageRequest,
  answer: Exclude<StaffOrRun<AgentHandoff>, { answer: 'run' }>,
  resent: AgentMessage | null,
): Promise<{ accepted: AcceptedForStaff; afterCommit?: () => Promise<void> }> {
  const { projectId } = request.caller;
  const stored = resent ?? userMessage(request);
  if (!resent) {
    await insertSessionMessage(client, stored);
    await recordAgentEvent(client, { projectId, type: 'message.created', data: presentMessage(stored) });
  }
  if (answer.answer === 'store') return { accepted: { run: null, handoff: answer.handoff, message: stored, replayed: resent !== null } };
  const opened = await openHandoff(client, {
    projectId,
    sessionId: request.session.id,
    reason: 'never_handle',
    summary: `The customer raised "${answer.topic}", a topic the AI never handles.`,
    openedBy: 'never_handle',
  });
  return { accepted: { run: null, handoff: opened.handoff, message: stored, replayed: false }, afterCommit: opened.afterCommit };
}

/** Writes the message, its run and (unless it waits its turn) its job, and logs the run's first events before the commit. */
async function startRun(
  client: Sql,
  request: MessageRequest,
  placement: RunPlacement,
  resent: AgentMessage | null,
  channel: ChannelMessage | undefined,
): Promise<AcceptedForRun> {
  const { caller, session, runId } = request;
  const message = { ...(resent ?? userMessage(request)), runId };
  // A channel run waits its coalescing delay queued; the session's settle job then starts it.
  const job = placement.coalescing
    ? { ...settleSessionJob(session.id, runId), runAt: new Date(Date.now() + (channel?.coalesceMs ?? 0)) }
    : { ...executeRunJob(runId, 0), runAt: undefined };
  const run = await insertAcceptedRun(
    client,
    {
      id: runId,
      projectId: caller.projectId,
      orgId: caller.orgId,
      agentId: request.agentId,
      agentVersion: request.agentVersion,
      status: placement.queued ? 'queued' : 'in_progress',
      model: request.model,
      input: request.text,
      sessionId: session.id,
      options: { ...request.options, ...(channel ? { whatsapp: channel.whatsapp } : {}) },
    },
    message,
    placement.busy
      ? null
      : { id: newId('outbox'), queue: job.queue, name: job.name, data: outboxJobData(job), jobId: job.jobId, runAt: job.runAt ?? null },
  );
  if (!resent) await recordAgentEvent(client, { projectId: caller.projectId, type: 'message.created', data: presentMessage(message) });
  // Logged before the commit, so the worker's first event always comes after these.
  const events = runEventLog({ runId, sessionId: session.id });
  events.add('run.created', { id: runId, status: run.status, session: session.id });
  if (placement.queued) events.add('run.queued', { id: runId, queue_position: placement.queuePosition });
  await events.flushed();
  return { run, message, replayed: false, queuePosition: placement.queuePosition };
}

/**
 * A channel message joins the session's queued channel run, if there is one (docs/agent-api.md
 * §1.5: a burst, or messages sent during a run, get one run): a user message of that run, now
 * its input message (so its history reaches it), and its text added to the run's input. The
 * session row is locked, and a queued run starts only under that lock, so it cannot start
 * between the read and the write.
 */
async function joinQueuedRun(client: Sql, message: AgentMessage, whatsapp: WhatsAppOrigin): Promise<AcceptedMessage | null> {
  const run = await joinNewestQueuedRun(client, message, whatsapp);
  if (!run) return null;
  const joined = { ...message, runId: run.id };
  await recordAgentEvent(client, { projectId: message.projectId, type: 'message.created', data: presentMessage(joined) });
  return { run, message: joined, replayed: false, joined: true, queuePosition: await queuePositionOf(run) };
}

function userMessage({ caller, session, text, clientMessageId }: MessageRequest): AgentMessage {
  return {
    id: newId('agentMessage'),
    projectId: caller.projectId,
    sessionId: session.id,
    role: 'user',
    text,
    runId: null,
    clientMessageId,
    authorId: null,
    callId: null,
    toolName: null,
    createdAt: new Date(),
  };
}
