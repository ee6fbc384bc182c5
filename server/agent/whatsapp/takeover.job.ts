import { db } from '@/server/db';
import { logger } from '@/server/logger';
import { handOverSession } from '@/server/agent/handoffs/open-handoff';

/**
 * Human reply → the bot stops (agent-api.md §2.5): a member (inbox) or an API caller wrote a
 * non-template message to a WhatsApp customer (the job is written with the message). Each
 * WhatsApp session of that contact gets a handoff opened by `takeover`, assigned to the member
 * who replied (an open one unassigned is given to them), which cancels its queued and running
 * runs; a reply still being written is dropped at its end (end-run.ts).
 */
export async function takeoverJob(_job: unknown, data: { messageId: string }): Promise<void> {
  const message = await db.message.findUnique({
    where: { id: data.messageId },
    select: { orgId: true, contactId: true, direction: true, type: true, authorType: true, authorUserId: true },
  });
  if (!message || message.direction !== 'outgoing' || message.type === 'template') return;
  if (message.authorType !== 'member' && message.authorType !== 'api') return;
  const sessions = await db.agentSession.findMany({
    where: { externalId: `wa:${message.contactId}`, channel: 'whatsapp', project: { orgId: message.orgId } },
    select: { id: true, projectId: true },
  });
  for (const session of sessions) {
    const opened = (await handOverSession({
      projectId: session.projectId,
      sessionId: session.id,
      reason: 'takeover',
      summary: 'A person replied to the customer.',
      openedBy: 'takeover',
      assigneeId: message.authorType === 'member' ? message.authorUserId : null,
    }))!;
    logger.info(
      { messageId: data.messageId, sessionId: session.id, handoffId: opened.handoff.id, created: opened.created },
      'bot hook: a person took over',
    );
  }
}
