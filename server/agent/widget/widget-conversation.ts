import type { AgentSession, ConversationStatus } from '@/server/db';
import { recordConversationEvent } from '@/server/conversations/conversation-events';
import { effectiveStatus } from '@/server/conversations/conversation-status';
import type { Sql } from '@/server/db/sql';
import { newId } from '@/server/db/ids';
import { SESSION_COLUMNS } from '@/server/db/rows/agent-sessions';
import { PREVIEW_LENGTH } from '@/server/messages/message-preview';
import { publishInboxChange } from '@/server/live/publish-inbox-change';

/*
 * A widget session's inbox conversation (docs/agent-api.md §2.6): the inbox is contact-based, so
 * a website visitor becomes a contact of channel `widget` (no phone number) that the session's
 * `contact_id` points at. Status, assignee, unread, notes and live updates then work as for a
 * WhatsApp contact; the thread is the session's history.
 */

/**
 * Gives a new widget session its visitor contact, in insertSession's transaction: the contact is
 * named after the end user, if they have a name, and the session points at it.
 */
export async function attachWidgetContact(client: Sql, session: AgentSession): Promise<AgentSession> {
  const contactId = newId('contact');
  await client.query({
    name: 'widget-contact-insert',
    text: `INSERT INTO contacts (id, org_id, channel, name, created_at, updated_at)
           SELECT $1, p.org_id, 'widget', (SELECT u.name FROM agent_end_users u WHERE u.id = $3), now(), now()
             FROM agent_projects p WHERE p.id = $2`,
    values: [contactId, session.projectId, session.endUserId],
  });
  const { rows } = await client.query<AgentSession>({
    name: 'widget-session-contact',
    text: `UPDATE agent_sessions SET contact_id = $2 WHERE id = $1 RETURNING ${SESSION_COLUMNS}`,
    values: [session.id, contactId],
  });
  return rows[0] as AgentSession;
}

/** A message of a widget session as its conversation's list line sees it. */
export interface WidgetConversationMessage {
  role: string;
  text: string;
  createdAt: Date;
}

/**
 * Keeps a widget session's conversation line current when the visitor writes, the AI answers or
 * staff answer, in the caller's transaction: last message and its time, unread (the visitor's
 * message makes it unread and opens a snoozed or resolved conversation again, as a WhatsApp
 * customer's does; staff's reads it). Nothing for other channels. Returns what tells open
 * inboxes once committed.
 */
export async function touchWidgetConversation(
  client: Sql,
  sessionId: string,
  message: WidgetConversationMessage,
): Promise<(() => Promise<void>) | null> {
  if (message.role !== 'user' && message.role !== 'assistant' && message.role !== 'staff') return null;
  // `before` is the row as it was (a self-join sees the statement's snapshot): whether the visitor reopened it.
  const { rows } = await client.query<{ orgId: string; contactId: string; conversationStatus: ConversationStatus; snoozedUntil: Date | null }>({
    name: 'widget-conversation-touch',
    text: `UPDATE contacts c
              SET last_message_at = GREATEST(c.last_message_at, $2), last_message_preview = left($3, ${PREVIEW_LENGTH}),
                  unread = CASE $4 WHEN 'user' THEN true WHEN 'staff' THEN false ELSE c.unread END,
                  conversation_status = CASE WHEN $4 = 'user' THEN 'open'::"ConversationStatus" ELSE c.conversation_status END,
                  snoozed_until = CASE WHEN $4 = 'user' THEN NULL ELSE c.snoozed_until END,
                  updated_at = now()
             FROM agent_sessions s JOIN contacts before ON before.id = s.contact_id
            WHERE s.id = $1 AND s.channel = 'widget' AND c.id = s.contact_id
        RETURNING c.org_id AS "orgId", c.id AS "contactId", before.conversation_status AS "conversationStatus",
                  before.snoozed_until AS "snoozedUntil"`,
    values: [sessionId, message.createdAt, message.text, message.role],
  });
  const touched = rows[0];
  if (touched && message.role === 'user') await visitorWrote(client, touched, message.createdAt);
  return touched ? () => publishInboxChange(touched.orgId, touched.contactId, 'message') : null;
}

/**
 * The visitor wrote: the conversation has an open period (the reports' first response and
 * resolution times count from it), and one they had resolved or snoozed gets its "wrote again"
 * line, as a WhatsApp customer's message does (store-inbound-message.ts).
 */
async function visitorWrote(
  client: Sql,
  conversation: { orgId: string; contactId: string; conversationStatus: ConversationStatus; snoozedUntil: Date | null },
  at: Date,
): Promise<void> {
  await client.query({
    name: 'widget-conversation-period',
    text: `INSERT INTO conversation_periods (id, org_id, contact_id, open_contact_id, opened_at) VALUES ($1, $2, $3, $3, $4)
           ON CONFLICT (open_contact_id) DO NOTHING`,
    values: [newId('conversationPeriod'), conversation.orgId, conversation.contactId, at],
  });
  if (effectiveStatus(conversation) !== 'open') {
    await recordConversationEvent(client, {
      orgId: conversation.orgId,
      contactId: conversation.contactId,
      kind: 'reopened',
      actor: { type: 'customer' },
    });
  }
}
