import type { Sql } from '@/server/db/sql';
import { db, type AgentHandoff, type Prisma } from '@/server/db';
import { appendSessionEvent } from '@/server/agent/runs/run-stream';
import { recordAgentEvent } from '@/server/agent/webhooks/record-agent-event';
import { HANDOFF_COLUMNS } from '@/server/db/rows/agent-handoffs';
import { ACTIVE_HANDOFF_STATUSES, presentHandoff } from './handoff-rows';

/*
 * The inbox's view of the agent side (docs/agent-api.md §2.6): a contact's sessions are the
 * sessions of the organization's projects whose `contact_id` is the contact (a WhatsApp
 * customer's `wa:<contact_id>` sessions, a widget visitor's session; see session-conversation.ts).
 * Everything the inbox reads or changes of handoffs goes through here.
 */

/**
 * The contacts whose conversation needs a human: an `open` handoff nobody has claimed, as a
 * filter of the organization's conversations (a join through the session's contact, however
 * many there are).
 */
export const needsHumanContacts: Prisma.ContactWhereInput = {
  agentSessions: { some: { handoffs: { some: { status: 'open', assigneeId: null } } } },
};

/** The contacts the AI is handling: an open WhatsApp or widget session of theirs has no active handoff (it answers their next message). */
export const aiHandlingContacts: Prisma.ContactWhereInput = {
  agentSessions: {
    some: { channel: { in: ['whatsapp', 'widget'] }, status: 'open', handoffs: { none: { status: { in: ACTIVE_HANDOFF_STATUSES } } } },
  },
};

export interface ConversationAgentState {
  session: { id: string; projectId: string; status: string };
  /** The session's open or assigned handoff, with its assignee's name; null while the AI handles it. */
  handoff: (AgentHandoff & { assigneeName: string | null }) | null;
}

/**
 * Whether an AI agent is on the conversation, and the handoff staff have, if any: the contact's
 * session with an active handoff, else its open session most recently active. Null when no
 * agent has a session with the contact.
 */
export async function conversationAgentState(orgId: string, contactId: string): Promise<ConversationAgentState | null> {
  const sessions = await db.agentSession.findMany({
    where: { contactId, project: { orgId } },
    select: {
      id: true,
      projectId: true,
      status: true,
      updatedAt: true,
      handoffs: {
        where: { status: { in: ACTIVE_HANDOFF_STATUSES } },
        orderBy: { createdAt: 'desc' },
        take: 1,
        include: { assignee: { select: { name: true } } },
      },
    },
    orderBy: { updatedAt: 'desc' },
  });
  const chosen = sessions.find((s) => s.handoffs.length > 0) ?? sessions.find((s) => s.status === 'open') ?? sessions[0];
  if (!chosen) return null;
  const active = chosen.handoffs[0];
  const handoff = active ? (({ assignee, ...row }) => ({ ...row, assigneeName: assignee?.name ?? null }))(active) : null;
  return { session: { id: chosen.id, projectId: chosen.projectId, status: chosen.status }, handoff };
}

/** A handoff of one of the organization's sessions that has an inbox conversation; null for anything else. */
export async function findConversationHandoff(orgId: string, handoffId: string) {
  return db.agentHandoff.findFirst({
    where: { id: handoffId, session: { contactId: { not: null }, project: { orgId } } },
    include: { session: { select: { externalId: true, channel: true, contactId: true } } },
  });
}

/**
 * The other half of assigning a conversation in the inbox (docs/agent-api.md §1.7: one field): the
 * contact's active handoffs get the same assignee (`assigned`), or none (`open` again), in the
 * caller's transaction. It runs before the contact's own update, taking the rows in the order a
 * claim does (handoff, then contact), so the two cannot deadlock. Returns what to announce on the
 * sessions' event streams once committed.
 */
export async function assignConversationHandoffs(
  client: Sql,
  orgId: string,
  contactId: string,
  assigneeId: string | null,
): Promise<() => Promise<void>> {
  const { rows } = await client.query({
    name: 'agent-handoff-assign-with-conversation',
    text: `UPDATE agent_handoffs
              SET assignee_id = $3,
                  status = CASE WHEN $3::text IS NULL THEN 'open' ELSE 'assigned' END,
                  assigned_at = CASE WHEN $3::text IS NULL THEN NULL WHEN assignee_id = $3 THEN assigned_at ELSE now() END
            WHERE status = ANY($4::text[]) AND assignee_id IS DISTINCT FROM $3
              AND session_id IN (SELECT s.id FROM agent_sessions s JOIN agent_projects p ON p.id = s.project_id
                                  WHERE p.org_id = $1 AND s.contact_id = $2)
        RETURNING ${HANDOFF_COLUMNS}`,
    values: [orgId, contactId, assigneeId, ACTIVE_HANDOFF_STATUSES],
  });
  const changed = rows as AgentHandoff[];
  for (const handoff of changed) {
    if (handoff.assigneeId)
      await recordAgentEvent(client, { projectId: handoff.projectId, type: 'handoff.assigned', data: presentHandoff(handoff) });
  }
  return async () => {
    for (const handoff of changed) {
      if (handoff.assigneeId) await appendSessionEvent(handoff.sessionId, 'handoff.assigned', presentHandoff(handoff));
    }
  };
}
