import type { Sql } from '@/server/db/sql';
import { db, type AgentHandoff, type AgentMessage } from '@/server/db';
import { newId } from '@/server/db/ids';
import { pgTransaction } from '@/server/db/pg';
import { AgentError } from '@/server/errors/agent-error';
import type { ProjectCaller } from '@/server/agent/access/agent-caller';
import { pageAgentList, type AgentListParams } from '@/server/agent/http/agent-paging';
import { presentMessage } from '@/server/agent/runs/present-message';
import { lockSession, readSession } from '@/server/agent/runs/run-rows';
import { appendSessionEvent } from '@/server/agent/runs/run-stream';
import { findSession } from '@/server/agent/sessions/manage-sessions';
import { presentSession } from '@/server/agent/sessions/present-session';
import { recordAgentEvent } from '@/server/agent/webhooks/record-agent-event';
import { HANDOFF_COLUMNS } from '@/server/db/rows/agent-handoffs';
import { activeHandoff, presentHandoff } from './handoff-rows';
import { insertSessionMessage, openHandoff, readHandoffSession, type OpenedHandoff } from './open-handoff';
import { assignSessionConversation, recordSessionConversationEvent } from './session-conversation';
import { actingMember } from './acting-member';
import { touchWidgetConversation } from '@/server/agent/widget/widget-conversation';

/** POST /v1/sessions/{session}/handoff: staff take the session over now; the escalation reply is sent. */
export async function openHandoffByApi(caller: ProjectCaller, sessionRef: string, body: { reason?: string; note?: string }) {
  const session = await findSession(caller.projectId, sessionRef);
  const opened = await pgTransaction(async (client): Promise<OpenedHandoff> => {
    await lockSession(client, session.id);
    if (await activeHandoff(client, session.id)) throw new AgentError('handoff_already_open', { param: 'session' });
    return openHandoff(client, {
      projectId: caller.projectId,
      sessionId: session.id,
      reason: body.reason ?? 'requested',
      note: body.note ?? null,
      openedBy: 'api',
    });
  });
  await opened.afterCommit();
  return presentHandoff(opened.handoff);
}

export function listHandoffs(projectId: string, params: AgentListParams & { status?: string; assignee?: string }) {
  const filter = { projectId, ...(params.status ? { status: params.status } : {}), ...(params.assignee ? { assigneeId: params.assignee } : {}) };
  return pageAgentList(
    params,
    (id) => db.agentHandoff.findFirst({ where: { id, ...filter }, select: { id: true, createdAt: true } }),
    (window) => db.agentHandoff.findMany({ where: { AND: [filter, window.where] }, orderBy: window.orderBy, take: window.take }),
    presentHandoff,
  );
}

export async function getHandoff(projectId: string, id: string) {
  return presentHandoff(await findHandoff(projectId, id));
}

/**
 * POST /v1/handoffs/{ho}/claim (docs/agent-api.md §1.7): one conditional update, so among members
 * claiming at once one wins and the others get `handoff_already_assigned`; an admin's
 * `force: true` takes it from whoever has it. Claiming one's own again changes nothing.
 */
export async function claimHandoff(caller: ProjectCaller, id: string, body: { force?: boolean; member_id?: string }) {
  const handoff = await findHandoff(caller.projectId, id);
  const member = await actingMember(caller, body.member_id);
  if (body.force && member.role !== 'owner' && member.role !== 'admin') {
    throw new AgentError('permission_denied', { param: '/force', details: { permission: 'handoffs:force' } });
  }
  const { claimed, announce } = await pgTransaction(async (client) => {
    const { rows } = await client.query({
      name: 'agent-handoff-claim',
      text: `UPDATE agent_handoffs SET status = 'assigned', assignee_id = $2, assigned_at = CASE WHEN assignee_id = $2 THEN assigned_at ELSE now() END
              WHERE id = $1 AND status IN ('open', 'assigned') AND (assignee_id IS NULL OR assignee_id = $2 OR $3::boolean)
              RETURNING ${HANDOFF_COLUMNS}, (SELECT assignee_id FROM agent_handoffs WHERE id = $1) AS "previousAssignee"`,
      values: [handoff.id, member.userId, body.force === true],
    });
    const row = rows[0] as (AgentHandoff & { previousAssignee: string | null }) | undefined;
    if (!row) return { claimed: null, announce: null };
    const changed = row.previousAssignee !== member.userId;
    if (!changed) return { claimed: row, announce: null };
    await recordAgentEvent(client, { projectId: caller.projectId, type: 'handoff.assigned', data: presentHandoff(row) });
    const session = await readHandoffSession(client, row.sessionId);
    const takenFrom = row.previousAssignee;
    await recordSessionConversationEvent(client, session, {
      kind: takenFrom ? 'taken_over' : 'assigned',
      actor: { type: 'member', id: member.userId },
      subjectId: takenFrom ?? member.userId,
    });
    return { claimed: row, announce: await assignSessionConversation(client, session, member.userId) };
  });
  if (!claimed) {
    const now = await findHandoff(caller.projectId, id);
    throw new AgentError(now.status === 'open' || now.status === 'assigned' ? 'handoff_already_assigned' : 'handoff_not_open', {
      param: 'handoff',
    });
  }
  if (announce !== null) {
    await announce?.();
    await appendSessionEvent(claimed.sessionId, 'handoff.assigned', presentHandoff(claimed));
  }
  const { previousAssignee: _, ...row } = claimed;
  return presentHandoff(row);
}

/**
 * POST /v1/handoffs/{ho}/messages: a staff reply in an API or widget session, in its history and
 * on its event stream; it claims an unassigned handoff for its author and pushes expiry back.
 * `messageId`, derived by the inbox from its reply's client id, makes a resend return the first.
 * A WhatsApp session's staff reply goes through messaging (the inbox, POST /v1/messages).
 */
export async function postStaffMessage(
  caller: ProjectCaller,
  id: string,
  body: { text: string; member_id?: string },
  options: { messageId?: string } = {},
) {
  const handoff = await findHandoff(caller.projectId, id);
  const member = await actingMember(caller, body.member_id);
  const session = await db.agentSession.findUniqueOrThrow({ where: { id: handoff.sessionId } });
  if (session.channel === 'whatsapp') {
    throw new AgentError('validation_failed', {
      param: 'handoff',
      details: { detail: "a WhatsApp session's staff reply is sent through the messaging API or the inbox." },
    });
  }
  const message: AgentMessage = {
    id: options.messageId ?? newId('agentMessage'),
    projectId: caller.projectId,
    sessionId: handoff.sessionId,
    role: 'staff',
    text: body.text,
    runId: null,
    clientMessageId: null,
    authorId: member.userId,
    callId: null,
    toolName: null,
    createdAt: new Date(),
  };
  const updated = await pgTransaction(async (client) => {
    await lockSession(client, handoff.sessionId);
    // A reply sent again with its id (the inbox's resend after a lost answer) is there already:
    // read under the session's lock, which the first send held until it committed.
    const replayed = options.messageId
      ? await db.agentMessage.findFirst({ where: { id: options.messageId, sessionId: handoff.sessionId, role: 'staff' } })
      : null;
    if (replayed) return { replayed };
    const { rows } = await client.query({
      name: 'agent-handoff-staff-message',
      text: `UPDATE agent_handoffs h SET last_staff_at = now(),
                    expires_at = now() + (h.expires_at - COALESCE(h.last_staff_at, h.opened_at)),
                    assignee_id = COALESCE(h.assignee_id, $2), status = 'assigned', assigned_at = COALESCE(h.assigned_at, now())
              WHERE h.id = $1 AND h.status IN ('open', 'assigned')
              RETURNING ${HANDOFF_COLUMNS}`,
      values: [handoff.id, member.userId],
    });
    const row = rows[0] as AgentHandoff | undefined;
    if (!row) throw new AgentError('handoff_not_open', { param: 'handoff' });
    await insertSessionMessage(client, message);
    await recordAgentEvent(client, { projectId: caller.projectId, type: 'message.created', data: presentMessage(message) });
    const inbox = await touchWidgetConversation(client, handoff.sessionId, message);
    if (handoff.assigneeId) return { row, inbox };
    await recordAgentEvent(client, { projectId: caller.projectId, type: 'handoff.assigned', data: presentHandoff(row) });
    // Claimed by its reply: the inbox conversation is assigned with it (docs/agent-api.md §1.7: one field).
    const session = await readHandoffSession(client, handoff.sessionId);
    await recordSessionConversationEvent(client, session, {
      kind: 'assigned',
      actor: { type: 'member', id: member.userId },
      subjectId: member.userId,
    });
    return { row, inbox: (await assignSessionConversation(client, session, member.userId)) ?? inbox };
  });
  if ('replayed' in updated && updated.replayed) return presentMessage(updated.replayed);
  await updated.inbox?.();
  if (!handoff.assigneeId) await appendSessionEvent(handoff.sessionId, 'handoff.assigned', presentHandoff(updated.row));
  await appendSessionEvent(handoff.sessionId, 'message.created', presentMessage(message));
  return presentMessage(message);
}

/** POST /v1/sessions/{session}/handoff/release: back to the AI, which answers the next message. */
export async function releaseHandoff(caller: ProjectCaller, sessionRef: string) {
  const session = await findSession(caller.projectId, sessionRef);
  return endActiveHandoff(session.id, { status: 'released', actorId: caller.kind === 'member' ? caller.userId : null });
}

/** POST /v1/sessions/{session}/handoff/resolve: done; the session is closed unless `close_session: false` (the next message reopens it with the AI). */
export async function resolveHandoff(caller: ProjectCaller, sessionRef: string, body: { note?: string; close_session: boolean }) {
  const session = await findSession(caller.projectId, sessionRef);
  return endActiveHandoff(session.id, { status: 'resolved', note: body.note, closeSession: body.close_session });
}

interface HandoffEnding {
  status: 'released' | 'resolved' | 'expired';
  note?: string;
  closeSession?: boolean;
  /** The member who ended it, named by the thread's event line (a resolve's line is the conversation's own). */
  actorId?: string | null;
}

/**
 * Ends a session's active handoff, with the session locked: the `note` saying staff handled it
 * enters the history (the model reads it next time), the inbox conversation is unassigned, and
 * for a resolve the session is closed. An expiry passes `handoffId` and ends only that one, and
 * only if it is still due.
 */
export async function endActiveHandoff(
  sessionId: string,
  ending: HandoffEnding,
  due?: { handoffId: string; stillDue: (client: Sql) => Promise<boolean> },
) {
  const done = await pgTransaction(async (client) => {
    await lockSession(client, sessionId);
    const active = await activeHandoff(client, sessionId);
    if (!active || (due && (active.id !== due.handoffId || !(await due.stillDue(client))))) {
      if (due) return null;
      throw new AgentError('no_open_handoff', { param: 'session' });
    }
    const { rows } = await client.query({
      name: 'agent-handoff-end',
      text: `UPDATE agent_handoffs SET status = $2, ended_at = now(), resolution_note = $3 WHERE id = $1 RETURNING ${HANDOFF_COLUMNS}`,
      values: [active.id, ending.status, ending.note ?? null],
    });
    const ended = rows[0] as AgentHandoff;
    const note = endingNote(ended);
    await insertSessionMessage(client, note);
    await recordAgentEvent(client, { projectId: ended.projectId, type: `handoff.${ending.status}`, data: presentHandoff(ended) });
    const session = await readHandoffSession(client, sessionId);
    if (ending.status !== 'resolved') {
      await recordSessionConversationEvent(client, session, {
        kind: ending.status === 'released' ? 'returned_to_ai' : 'handoff_expired',
        actor: ending.actorId ? { type: 'member', id: ending.actorId } : { type: 'system' },
      });
    }
    const inbox = await assignSessionConversation(client, session, null);
    const closed = ending.closeSession ? await closeSession(client, sessionId) : false;
    return { ended, note, inbox, closed };
  });
  if (!done) return null;
  await done.inbox?.();
  await appendSessionEvent(sessionId, `handoff.${ending.status}`, presentHandoff(done.ended));
  await appendSessionEvent(sessionId, 'message.created', presentMessage(done.note));
  return presentHandoff(done.ended);
}

/** "Staff handled this conversation from … to …": what the model later reads of the time staff had it. */
function endingNote(handoff: AgentHandoff): AgentMessage {
  const at = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const how =
    { released: 'and handed it back to the AI', resolved: 'and resolved it', expired: 'until the handoff expired' }[handoff.status] ?? '';
  const text = `Staff handled this conversation from ${at(handoff.createdAt)} to ${at(handoff.endedAt!)} ${how}.${
    handoff.resolutionNote ? ` Staff note: ${handoff.resolutionNote}` : ''
  }`;
  return {
    id: newId('agentMessage'),
    projectId: handoff.projectId,
    sessionId: handoff.sessionId,
    role: 'note',
    text,
    runId: null,
    clientMessageId: null,
    authorId: null,
    callId: null,
    toolName: null,
    createdAt: new Date(),
  };
}

async function closeSession(client: Sql, sessionId: string): Promise<boolean> {
  const { rows } = await client.query({
    name: 'agent-handoff-close-session',
    text: "UPDATE agent_sessions SET status = 'closed', closed_at = now(), updated_at = now() WHERE id = $1 AND status <> 'closed' RETURNING id",
    values: [sessionId],
  });
  if (!rows[0]) return false;
  const session = await readSession(client, sessionId);
  await recordAgentEvent(client, { projectId: session.projectId, type: 'session.closed', data: presentSession(session) });
  return true;
}

async function findHandoff(projectId: string, id: string): Promise<AgentHandoff> {
  const row = await db.agentHandoff.findFirst({ where: { id, projectId } });
  if (!row) throw new AgentError('resource_not_found', { param: 'handoff', details: { resource: 'handoff' } });
  return row;
}
