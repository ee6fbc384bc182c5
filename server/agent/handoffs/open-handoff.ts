import type { Sql } from '@/server/db/sql';
import type { AgentHandoff, AgentMessage, AgentRun } from '@/server/db';
import { newId } from '@/server/db/ids';
import { readAgentConfig, type AgentConfig } from '@/server/agent/agents/agent-config';
import { presentRun } from '@/server/agent/ask/present-run';
import { presentMessage } from '@/server/agent/runs/present-message';
import { pgTransaction } from '@/server/db/pg';
import { lockSession } from '@/server/agent/runs/run-rows';
import { HANDOFF_COLUMNS } from '@/server/db/rows/agent-handoffs';
import { RUN_COLUMNS, toRun } from '@/server/db/rows/agent-runs';
import { announceRunCancel, appendSessionEvent, runEventLog } from '@/server/agent/runs/run-stream';
import { recordAgentEvent } from '@/server/agent/webhooks/record-agent-event';
import { sendEscalationToWhatsApp } from '@/server/agent/channels/whatsapp-replies';
import { escalationReply } from './escalation-reply';
import { activeHandoff, presentHandoff } from './handoff-rows';
import { touchWidgetConversation } from '@/server/agent/widget/widget-conversation';
import { assignSessionConversation, recordSessionConversationEvent, sessionConversationChange } from './session-conversation';

/**
 * Who or what handed the session to staff (docs/agent-api.md §1.7): besides the contract's openers,
 * `run_failed` (a channel run failed at the provider: the customer gets the fallback message)
 * and `unanswered` (the reconciler found a channel customer waiting over 2 minutes, §2.7).
 */
export type HandoffOpener =
  'model' | 'api' | 'never_handle' | 'refusal' | 'quota' | 'cost_cap' | 'interrupted' | 'takeover' | 'run_failed' | 'unanswered';

export interface HandoffOpening {
  projectId: string;
  sessionId: string;
  reason: string;
  summary?: string | null;
  openedBy: HandoffOpener;
  /** The run that handed over, if one did. */
  runId?: string | null;
  /** A takeover is assigned to the member who replied. */
  assigneeId?: string | null;
  note?: string | null;
  /** A run that ends by handing over keeps its own ending; every other unfinished run is cancelled. */
  exceptRunId?: string | null;
  /** False when the caller sends the escalation text itself (a run ending `handed_off` replies with it). */
  writeEscalation?: boolean;
  /** Which of the agent's texts the customer gets: the escalation reply, or the fallback message (a refusal). */
  escalationKind?: 'escalation' | 'fallback';
}

export interface OpenedHandoff {
  handoff: AgentHandoff;
  created: boolean;
  /** The escalation reply written to the session, to be delivered on its channel. */
  escalation: AgentMessage | null;
  /** Announces what changed (cancelled runs, the session's events); call once the transaction committed. */
  afterCommit: () => Promise<void>;
}

/**
 * Hands a session to staff (docs/agent-api.md §1.7), in the caller's transaction, which holds the
 * session row's lock: the bot falls silent from this commit on. Unless a handoff is already
 * active (then it is kept; a takeover assigns it to the member who replied when nobody has it),
 * one is opened, the session's queued and running runs are cancelled (their unsent replies
 * discarded), the escalation reply is written in the customer's language (not for a takeover: a
 * person already answered), and `handoff.opened` is recorded.
 */
export async function openHandoff(client: Sql, opening: HandoffOpening): Promise<OpenedHandoff> {
  const session = await readHandoffSession(client, opening.sessionId);
  const active = await activeHandoff(client, opening.sessionId);
  const cancelled = await cancelUnfinishedRuns(client, opening.sessionId, opening.exceptRunId ?? null);
  if (active) {
    const takenOver = opening.openedBy === 'takeover' && opening.assigneeId && !active.assigneeId;
    const handoff = takenOver ? await assign(client, active, opening.assigneeId!) : active;
    const inbox = takenOver ? await assignSessionConversation(client, session, handoff.assigneeId) : null;
    if (takenOver) {
      await recordAgentEvent(client, { projectId: opening.projectId, type: 'handoff.assigned', data: presentHandoff(handoff) });
      await recordSessionConversationEvent(client, session, { kind: 'taken_over', actor: { type: 'member', id: opening.assigneeId! } });
    }
    const change: [string, AgentHandoff] | null = takenOver ? ['handoff.assigned', handoff] : null;
    return { handoff, created: false, escalation: null, afterCommit: announce(opening.sessionId, cancelled, change, null, inbox) };
  }

  const config = await sessionConfig(client, session);
  const openedAt = new Date();
  const { rows } = await client.query({
    name: 'agent-handoff-open',
    text: `INSERT INTO agent_handoffs (id, project_id, session_id, status, assignee_id, reason, summary, opened_by, run_id, note, opened_at, assigned_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
           RETURNING ${HANDOFF_COLUMNS}`,
    values: [
      newId('agentHandoff'),
      opening.projectId,
      opening.sessionId,
      opening.assigneeId ? 'assigned' : 'open',
      opening.assigneeId ?? null,
      opening.reason,
      opening.summary ?? null,
      opening.openedBy,
      opening.runId ?? null,
      opening.note ?? null,
      openedAt,
      opening.assigneeId ? openedAt : null,
      new Date(openedAt.getTime() + config.handoff.expire_after_hours * 3_600_000),
    ],
  });
  const handoff = rows[0] as AgentHandoff;
  await recordAgentEvent(client, { projectId: opening.projectId, type: 'handoff.opened', data: presentHandoff(handoff) });
  await recordSessionConversationEvent(client, session, openingEvent(opening));
  const inbox = handoff.assigneeId
    ? await assignSessionConversation(client, session, handoff.assigneeId)
    : await sessionConversationChange(client, session, 'handoff:open');

  let escalation: AgentMessage | null = null;
  if (opening.writeEscalation !== false && opening.openedBy !== 'takeover') {
    escalation = {
      id: newId('agentMessage'),
      projectId: opening.projectId,
      sessionId: opening.sessionId,
      role: 'assistant',
      text: escalationReply(config, await lastCustomerText(client, opening.sessionId), opening.escalationKind),
      runId: opening.runId ?? null,
      clientMessageId: null,
      authorId: null,
      callId: null,
      toolName: null,
      createdAt: openedAt,
    };
    await insertSessionMessage(client, escalation);
    // A widget visitor's conversation line shows it (the handoff's opening announces it to inboxes).
    await touchWidgetConversation(client, opening.sessionId, escalation);
    // A WhatsApp customer gets it too, through messaging's send path, in this transaction.
    const contactId = session.channel === 'whatsapp' ? session.contactId : null;
    if (contactId) await sendEscalationToWhatsApp(client, { agentId: session.agentId, contactId }, escalation, handoff.id);
    await recordAgentEvent(client, { projectId: opening.projectId, type: 'message.created', data: presentMessage(escalation) });
  }
  return {
    handoff,
    created: true,
    escalation,
    afterCommit: announce(opening.sessionId, cancelled, ['handoff.opened', handoff], escalation, inbox),
  };
}

/** The thread's line for a new handoff: a member's reply takes over from the AI; otherwise the AI, the API or the system hands over. */
function openingEvent(opening: HandoffOpening) {
  if (opening.openedBy === 'takeover' && opening.assigneeId)
    return { kind: 'taken_over' as const, actor: { type: 'member' as const, id: opening.assigneeId } };
  const system = opening.openedBy === 'api' || opening.openedBy === 'unanswered';
  return {
    kind: 'handoff_opened' as const,
    actor: { type: system ? ('system' as const) : ('ai' as const) },
    detail: { reason: opening.reason, opened_by: opening.openedBy },
  };
}

export interface HandoffSession {
  id: string;
  projectId: string;
  agentId: string;
  version: string;
  channel: string;
  externalId: string | null;
  /** Its inbox conversation (a WhatsApp or widget session's contact), if any. */
  contactId: string | null;
}

export async function readHandoffSession(client: Sql, sessionId: string): Promise<HandoffSession> {
  const { rows } = await client.query<HandoffSession>({
    name: 'agent-handoff-session',
    text: `SELECT id, project_id AS "projectId", agent_id AS "agentId", version, channel, external_id AS "externalId",
                  contact_id AS "contactId" FROM agent_sessions WHERE id = $1`,
    values: [sessionId],
  });
  return rows[0] as HandoffSession;
}

/** The configuration answering the session: its handoff settings say the escalation text and the expiry. */
async function sessionConfig(client: Sql, session: HandoffSession): Promise<AgentConfig> {
  const { rows } = await client.query({
    name: 'agent-handoff-session-config',
    text: `SELECT CASE WHEN $2 = 'draft' THEN a.draft_config
                       ELSE (SELECT v.config FROM agent_versions v WHERE v.agent_id = a.id
                              AND v.number = CASE WHEN $2 = 'published' THEN a.published_version ELSE $2::int END)
                  END AS config
             FROM agents a WHERE a.id = $1`,
    values: [session.agentId, session.version],
  });
  return readAgentConfig(rows[0]?.config ?? {});
}

async function lastCustomerText(client: Sql, sessionId: string): Promise<string> {
  const { rows } = await client.query({
    name: 'agent-handoff-last-customer-text',
    text: `SELECT text FROM agent_messages WHERE session_id = $1 AND role = 'user' ORDER BY created_at DESC, id DESC LIMIT 1`,
    values: [sessionId],
  });
  return (rows[0] as { text: string } | undefined)?.text ?? '';
}

/** A message of the session's history written by the runtime or staff (escalation, staff reply, note). */
export async function insertSessionMessage(client: Sql, message: AgentMessage): Promise<void> {
  await client.query({
    name: 'agent-session-message-insert',
    text: `INSERT INTO agent_messages (id, project_id, session_id, role, text, run_id, client_message_id, author_id, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    values: [
      message.id,
      message.projectId,
      message.sessionId,
      message.role,
      message.text,
      message.runId,
      message.clientMessageId,
      message.authorId,
      message.createdAt,
    ],
  });
}

async function cancelUnfinishedRuns(client: Sql, sessionId: string, exceptRunId: string | null): Promise<AgentRun[]> {
  const { rows } = await client.query({
    name: 'agent-handoff-cancel-runs',
    text: `UPDATE agent_runs SET status = 'cancelled', completed_at = now(), updated_at = now(), lease_until = NULL, required_action = NULL, turns = NULL
            WHERE session_id = $1 AND status IN ('queued', 'in_progress', 'requires_action') AND id IS DISTINCT FROM $2
            RETURNING ${RUN_COLUMNS}`,
    values: [sessionId, exceptRunId],
  });
  return rows.map(toRun);
}

async function assign(client: Sql, handoff: AgentHandoff, assigneeId: string): Promise<AgentHandoff> {
  const { rows } = await client.query({
    name: 'agent-handoff-takeover-assign',
    text: `UPDATE agent_handoffs SET status = 'assigned', assignee_id = $2, assigned_at = now() WHERE id = $1 RETURNING ${HANDOFF_COLUMNS}`,
    values: [handoff.id, assigneeId],
  });
  return rows[0] as AgentHandoff;
}

/** After the commit: workers executing a cancelled run stop, and the runs' and session's logs say what happened. */
function announce(
  sessionId: string,
  cancelled: AgentRun[],
  change: [string, AgentHandoff] | null,
  escalation: AgentMessage | null,
  inbox: (() => Promise<void>) | null,
) {
  return async () => {
    await inbox?.();
    for (const run of cancelled) {
      await announceRunCancel(run.id);
      const events = runEventLog({ runId: run.id, sessionId });
      events.add('run.cancelled', presentRun(run));
      await events.flushed();
    }
    if (change) await appendSessionEvent(sessionId, change[0], presentHandoff(change[1]));
    if (escalation) await appendSessionEvent(sessionId, 'message.created', presentMessage(escalation));
  };
}

/**
 * Hands a session to staff in a transaction of its own, with the session locked; `stillDue`,
 * checked under that lock, can call it off (the situation that asked for it has passed).
 * Returns null when called off.
 */
export async function handOverSession(opening: HandoffOpening, stillDue?: (client: Sql) => Promise<boolean>): Promise<OpenedHandoff | null> {
  const opened = await pgTransaction(async (client) => {
    await lockSession(client, opening.sessionId);
    if (stillDue && !(await stillDue(client))) return null;
    return openHandoff(client, opening);
  });
  await opened?.afterCommit();
  return opened;
}
