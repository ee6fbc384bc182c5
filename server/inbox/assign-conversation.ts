import { ApiError, notFound } from '@/server/errors/api-error';
import { db } from '@/server/db';
import { pgTransaction } from '@/server/db/pg';
import { assignConversationHandoffs } from '@/server/agent/handoffs/conversation-handoffs';
import { publishInboxChange } from '@/server/live/publish-inbox-change';
import { recordConversationEvent } from '@/server/conversations/conversation-events';

/**
 * Gives a conversation to a member of the organization, or to nobody (`null`). While a handoff
 * is active its assignee is the conversation's (docs/agent-api.md §1.7: one field), so the handoff
 * changes hands in the same transaction: `assigned` to the member, or `open` again for nobody.
 * The thread's event line names `actorId`, the member who did it.
 */
export async function assignConversation(
  orgId: string,
  contactId: string,
  assigneeId: string | null,
  actorId: string | null = null,
): Promise<void> {
  if (assigneeId !== null) {
    const member = await db.membership.findFirst({ where: { orgId, userId: assigneeId }, select: { id: true } });
    if (!member) throw new ApiError('invalid_parameter', 'That person is not a member of this organization.', { param: 'assigneeId' });
  }
  const announceHandoffs = await pgTransaction(async (client) => {
    const announce = await assignConversationHandoffs(client, orgId, contactId, assigneeId);
    // The subquery reads the row as it was before this update: the previous assignee.
    const { rows } = await client.query<{ previous: string | null }>({
      name: 'inbox-assign-conversation',
      text: `UPDATE contacts c SET assigned_user_id = $3, updated_at = now() WHERE c.id = $1 AND c.org_id = $2
             RETURNING (SELECT assigned_user_id FROM contacts WHERE id = $1) AS previous`,
      values: [contactId, orgId, assigneeId],
    });
    const row = rows[0];
    if (!row) throw notFound('conversation');
    if (row.previous !== assigneeId) {
      await recordConversationEvent(client, {
        orgId,
        contactId,
        kind: assigneeId ? 'assigned' : 'unassigned',
        actor: actorId ? { type: 'member', id: actorId } : { type: 'system' },
        subjectId: assigneeId ?? row.previous,
      });
    }
    return announce;
  });
  await announceHandoffs();
  await publishInboxChange(orgId, contactId, 'assigned');
}
