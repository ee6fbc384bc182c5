import type { Sql } from '@/server/db/sql';
import { publishInboxChange } from '@/server/live/publish-inbox-change';
import { recordConversationEvent, type ConversationEventInput } from '@/server/conversations/conversation-events';

/**
 * A new WhatsApp session's inbox conversation: the contact in its external id `wa:<contact_id>`
 * (docs/agent-api.md §2.3). A widget session gets its visitor contact when it is inserted; after
 * that every session's conversation is its `contact_id`.
 */
export function whatsappSessionContactId(session: { channel: string; externalId: string | null }): string | null {
  return session.channel === 'whatsapp' && session.externalId?.startsWith('wa:') ? session.externalId.slice(3) : null;
}

/** What a handoff's session says of its inbox conversation. */
export interface ConversationSession {
  projectId: string;
  contactId: string | null;
}

/**
 * While a handoff is active its assignee is the inbox conversation's (docs/agent-api.md §1.7: one
 * field), so the session's contact is assigned with it, in the same transaction. Returns
 * what to announce to open inboxes once committed.
 */
export async function assignSessionConversation(
  client: Sql,
  session: ConversationSession,
  assigneeId: string | null,
): Promise<(() => Promise<void>) | null> {
  const contactId = session.contactId;
  if (!contactId) return null;
  const { rows } = await client.query({
    name: 'agent-handoff-assign-conversation',
    text: `UPDATE contacts c SET assigned_user_id = $3, updated_at = now() FROM agent_projects p
            WHERE p.id = $1 AND c.id = $2 AND c.org_id = p.org_id RETURNING c.org_id AS "orgId"`,
    values: [session.projectId, contactId, assigneeId],
  });
  const orgId = (rows[0] as { orgId: string } | undefined)?.orgId;
  return orgId ? () => publishInboxChange(orgId, contactId, 'assigned') : null;
}

/**
 * What tells open inboxes that a session's conversation changed without its assignee
 * changing (a handoff opened to nobody yet), so "Needs human" fills live. Null for a session without one (API, playground).
 */
export async function sessionConversationChange(
  client: Sql,
  session: ConversationSession,
  change: string,
): Promise<(() => Promise<void>) | null> {
  const conversation = await sessionConversation(client, session);
  return conversation ? () => publishInboxChange(conversation.orgId, conversation.contactId, change) : null;
}

/** Writes the event line a handoff's change puts in the session's inbox thread, if it has one, in the caller's transaction. */
export async function recordSessionConversationEvent(
  client: Sql,
  session: ConversationSession,
  event: Omit<ConversationEventInput, 'orgId' | 'contactId'>,
): Promise<void> {
  const conversation = await sessionConversation(client, session);
  if (conversation) await recordConversationEvent(client, { ...conversation, ...event });
}

async function sessionConversation(client: Sql, session: ConversationSession): Promise<{ orgId: string; contactId: string } | null> {
  const contactId = session.contactId;
  if (!contactId) return null;
  const { rows } = await client.query({
    name: 'agent-handoff-conversation-org',
    text: `SELECT c.org_id AS "orgId" FROM contacts c JOIN agent_projects p ON p.org_id = c.org_id WHERE p.id = $1 AND c.id = $2`,
    values: [session.projectId, contactId],
  });
  const orgId = (rows[0] as { orgId: string } | undefined)?.orgId;
  return orgId ? { orgId, contactId } : null;
}
