import type { Sql } from '@/server/db/sql';
import { db } from '@/server/db';
import { logger } from '@/server/logger';
import { handOverSession } from '@/server/agent/handoffs/open-handoff';

/**
 * Human reply → the bot stops (docs/agent-api.md §2.5): a member (inbox), an API caller or staff in
 * the WhatsApp Business app (an echo, `phone_app`) wrote a non-template message to a WhatsApp
 * customer (the job is written with the message). Each
 * WhatsApp session of that contact gets a handoff opened by `takeover`, assigned to the member
 * who replied (an open one unassigned is given to them), which cancels its queued and running
 * runs; a reply still being written is dropped at its end (end-run.ts).
 */
export async function takeoverJob(_job: unknown, data: { messageId: string }): Promise<void> {
  const message = await db.message.findUnique({
    where: { id: data.messageId },
    select: { orgId: true, contactId: true, direction: true, type: true, authorType: true, authorUserId: true, createdAt: true },
  });
  if (!message || message.direction !== 'outgoing' || message.type === 'template') return;
  if (message.authorType !== 'member' && message.authorType !== 'api' && message.authorType !== 'phone_app') return;
  const sessions = await db.agentSession.findMany({
    where: { externalId: `wa:${message.contactId}`, channel: 'whatsapp', project: { orgId: message.orgId } },
    select: { id: true, projectId: true },
  });
  for (const session of sessions) {
    const opened = await handOverSession(
      {
        projectId: session.projectId,
        sessionId: session.id,
        reason: 'takeover',
        summary: 'A person replied to the customer.',
        openedBy: 'takeover',
        assigneeId: message.authorType === 'member' ? message.authorUserId : null,
      },
      (client) => notEndedSince(client, session.id, message.createdAt),
    );
    if (!opened) continue;
    logger.info(
      { messageId: data.messageId, sessionId: session.id, handoffId: opened.handoff.id, created: opened.created },
      'bot hook: a person took over',
    );
  }
}

/**
 * A person who replied and then resolved or released the conversation before this job ran has
 * already given it back: their reply must not hand it over again. Read under the session's lock.
 */
async function notEndedSince(client: Sql, sessionId: string, since: Date): Promise<boolean> {
  const { rows } = await client.query({
    name: 'agent-takeover-ended-since',
    text: 'SELECT 1 FROM agent_handoffs WHERE session_id = $1 AND ended_at >= $2 LIMIT 1',
    values: [sessionId, since],
  });
  return rows.length === 0;
}
