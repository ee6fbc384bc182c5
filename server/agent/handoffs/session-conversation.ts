import type { Sql } from '@/server/db/sql';
import { publishInboxChange } from '@/server/live/publish-inbox-change';
import { recordConversationEvent, type ConversationEventInput } from '@/server/conversations/conversation-events';

/** A WhatsApp session's inbox conversation: the contact in its external id `wa:<contact_id>` (docs/agent-api.md §2.3). */
export function sessionContactId(session: { channel: string; externalId: string | null }): string | null {
  return session.channel === 'whatsapp' && session.externalId?.startsWith('wa:') ? session.externalId.slice(3) : null;
}

/**
 * While a handoff is active its assignee is the inbox conversation's (docs/agent-api.md §1.7: one
 * field), so a WhatsApp session's contact is assigned with it, in the same transaction. Returns
 * what to announce to open inboxes once committed.
 */
export async function assignSessionConversation(
  client: Sql,
  session: { projectId: string; channel: string; externalId: string | null },
  assigneeId: string | null,
): Promise<(() => Promise<void>) | null> {
  const contactId = sessionContactId(session);
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
 * What tells open inboxes that a WhatsApp session's conversation changed without its assignee
 * changing (a handoff opened to nobody yet), so "Needs human" fills live. Null for other channels.
 */
export async function sessionConversationChange(
  client: Sql,
  session: { projectId: string; channel: string; externalId: string | null },
  change: string,
): Promise<(() => Promise<void>) | null> {
  const conversation = await sessionConversation(client, session);
  return conversation ? () => publishInboxChange(conversation.orgId, conversation.contactId, change) : null;
}

/** Writes the event line a handoff's change puts in the session's inbox thread, if it has one, in the caller's transaction. */
export async function recordSessionConversationEvent(
  client: Sql,
  session: { projectId: string; channel: string; externalId: string | null },
  event: Omit<ConversationEventInput, 'orgId' | 'contactId'>,
): Promise<void> {
  const conversation = await sessionConversation(client, session);
  if (conversation) await recordConversationEvent(client, { ...conversation, ...event });
}

async function sessionConversation(
  client: Sql,
  session: { projectId: string; channel: string; externalId: string | null },
): Promise<{ orgId: string; contactId: string } | null> {
  const contactId = sessionContactId(session);
  if (!contactId) return null;
  const { rows } = await client.query({
    name: 'agent-handoff-conversation-org',
    text: `SELECT c.org_id AS "orgId" FROM contacts c JOIN agent_projects p ON p.org_id = c.org_id WHERE p.id = $1 AND c.id = $2`,
    values: [session.projectId, contactId],
  });
  const orgId = (rows[0] as { orgId: string } | undefined)?.orgId;
  return orgId ? { orgId, contactId } : null;
}
