import type { MemberRole } from '@/server/db';
import { notFound } from '@/server/errors/api-error';
import { AgentError } from '@/server/errors/agent-error';
import type { ProjectCaller } from '@/server/agent/access/agent-caller';
import { roleAllows } from '@/server/agent/access/agent-permissions';
import { conversationAgentState, findConversationHandoff } from '@/server/agent/handoffs/conversation-handoffs';
import { ACTIVE_HANDOFF_STATUSES } from '@/server/agent/handoffs/handoff-rows';
import { claimHandoff, releaseHandoff, resolveHandoff } from '@/server/agent/handoffs/work-handoffs';
import { db } from '@/server/db';
import { setConversationStatus } from '@/server/conversations/conversation-status';

/** The signed-in member working the inbox. */
export interface InboxMember {
  userId: string;
  email: string;
  orgId: string;
  role: MemberRole;
}

const mayForce = (role: MemberRole) => role === 'owner' || role === 'admin';

/**
 * The AI side of a conversation, as its thread shows it (docs/agent-api.md §2.6): `none` (no
 * agent talks with this contact), `ai` (an agent answers the next message) or `handoff` (staff
 * have it: status, reason, the model's summary, who opened it and when, who has it), with what
 * the member may do about it. Resolving is the conversation's own action (resolveInboxConversation).
 */
export async function getConversationHandoff(member: InboxMember, contactId: string) {
  const contact = await db.contact.findFirst({ where: { id: contactId, orgId: member.orgId }, select: { id: true } });
  if (!contact) throw notFound('conversation');
  const state = await conversationAgentState(member.orgId, contactId);
  const canWork = roleAllows(member.role, 'handoffs:write');
  if (!state) return { state: 'none' as const };
  const { handoff, session } = state;
  if (!handoff) return { state: 'ai' as const, sessionStatus: session.status };
  const mine = handoff.assigneeId === member.userId;
  return {
    state: 'handoff' as const,
    handoff: {
      id: handoff.id,
      status: handoff.status as 'open' | 'assigned',
      reason: handoff.reason,
      summary: handoff.summary,
      note: handoff.note,
      openedBy: handoff.openedBy,
      openedAt: handoff.createdAt,
      expiresAt: handoff.expiresAt,
      assignee: handoff.assigneeId ? { id: handoff.assigneeId, name: handoff.assigneeName ?? '' } : null,
    },
    can: {
      claim: canWork && !handoff.assigneeId,
      takeOver: canWork && mayForce(member.role) && !!handoff.assigneeId && !mine,
      release: canWork,
    },
  };
}

export type ConversationHandoff = Awaited<ReturnType<typeof getConversationHandoff>>;

/** "Assign to me" (`claim`), or for owners and admins "Take over" (`claim` with `force`). */
export async function claimConversationHandoff(member: InboxMember, handoffId: string, options: { force: boolean }) {
  const { caller } = await workingHandoff(member, handoffId);
  return claimHandoff(caller, handoffId, { force: options.force });
}

/** "Return to AI": the handoff is released and the AI answers the customer's next message. */
export async function releaseConversationHandoff(member: InboxMember, handoffId: string) {
  const { caller, sessionId } = await workingHandoff(member, handoffId);
  return releaseHandoff(caller, sessionId);
}

/**
 * The inbox's one Resolve (docs/architecture.md, "Conversation state"): the AI handoff ends with
 * the conversation, so a resolved conversation never keeps "someone has it" or a silent AI. When
 * a colleague holds the handoff the member is asked first: without `confirmed` the answer is
 * `handoff_already_assigned`. The handoff ends first; if resolving the conversation then failed,
 * pressing Resolve again finds no handoff and resolves it.
 */
export async function resolveInboxConversation(member: InboxMember, contactId: string, options: { confirmed: boolean }) {
  const state = await conversationAgentState(member.orgId, contactId);
  const handoff = state?.handoff;
  if (handoff) {
    if (handoff.assigneeId && handoff.assigneeId !== member.userId && !options.confirmed) {
      throw new AgentError('handoff_already_assigned', { param: 'handoff' });
    }
    const { caller, sessionId } = await workingHandoff(member, handoff.id);
    try {
      await resolveHandoff(caller, sessionId, { close_session: true });
    } catch (error) {
      // Ended meanwhile (released, expired): nothing is left to close.
      if (!(error instanceof AgentError && error.code === 'no_open_handoff')) throw error;
    }
  }
  await setConversationStatus(member.orgId, contactId, { status: 'resolved' }, new Date(), member.userId);
}

/**
 * The handoff a button was pressed on, as the agent service's member caller of its project:
 * the organization's WhatsApp handoff (else not found), still active (else `handoff_not_open`:
 * someone ended it meanwhile), by a member whose role works handoffs.
 */
async function workingHandoff(member: InboxMember, handoffId: string): Promise<{ caller: ProjectCaller; sessionId: string }> {
  if (!roleAllows(member.role, 'handoffs:write')) {
    throw new AgentError('permission_denied', { details: { permission: 'handoffs:write' } });
  }
  const handoff = await findConversationHandoff(member.orgId, handoffId);
  if (!handoff) throw new AgentError('resource_not_found', { param: 'handoff', details: { resource: 'handoff' } });
  if (!ACTIVE_HANDOFF_STATUSES.includes(handoff.status)) throw new AgentError('handoff_not_open', { param: 'handoff' });
  return { caller: { kind: 'member', ...member, projectId: handoff.projectId }, sessionId: handoff.sessionId };
}
