import { db } from '@/server/db';
import { idFromKey } from '@/server/db/ids';
import { AgentError } from '@/server/errors/agent-error';
import { notFound } from '@/server/errors/api-error';
import { roleAllows } from '@/server/agent/access/agent-permissions';
import { conversationAgentState } from '@/server/agent/handoffs/conversation-handoffs';
import { handOverSession } from '@/server/agent/handoffs/open-handoff';
import { postStaffMessage } from '@/server/agent/handoffs/work-handoffs';
import { recordFirstResponse } from '@/server/conversations/conversation-periods';

/**
 * A member's reply from the inbox to a website visitor (docs/agent-api.md §2.6): it goes through
 * the agent service's staff-message path (POST /v1/handoffs/{ho}/messages), so it enters the
 * session's history and reaches the widget live on its events stream. Replying without a
 * handoff takes the conversation over, as a reply to a WhatsApp customer does: a handoff opened
 * by `takeover`, assigned to the member, stops the AI first.
 */
export async function sendWidgetReply(orgId: string, contactId: string, text: string, authorId: string, clientId?: string) {
  const membership = await db.membership.findFirst({
    where: { orgId, userId: authorId },
    select: { role: true, user: { select: { email: true } } },
  });
  if (!membership) throw notFound('conversation');
  if (!roleAllows(membership.role, 'handoffs:write')) throw new AgentError('permission_denied', { details: { permission: 'handoffs:write' } });
  const state = await conversationAgentState(orgId, contactId);
  if (!state) throw notFound('conversation');
  const handoffId = state.handoff?.id ?? (await takeOver(state.session, authorId));
  const caller = {
    kind: 'member' as const,
    userId: authorId,
    email: membership.user.email,
    orgId,
    role: membership.role,
    projectId: state.session.projectId,
  };
  // The browser's id for the reply: sending it again returns the first instead of posting twice.
  const messageId = clientId ? idFromKey('agentMessage', `${orgId}\n${contactId}\n${clientId}`) : undefined;
  const message = await postStaffMessage(caller, handoffId, { text }, { messageId });
  await recordFirstResponse(orgId, contactId, authorId);
  return message;
}

async function takeOver(session: { id: string; projectId: string }, memberId: string): Promise<string> {
  const opened = await handOverSession({
    projectId: session.projectId,
    sessionId: session.id,
    reason: 'takeover',
    summary: 'A person replied to the visitor.',
    openedBy: 'takeover',
    assigneeId: memberId,
  });
  if (!opened) throw new AgentError('handoff_not_open', { param: 'handoff' });
  return opened.handoff.id;
}
