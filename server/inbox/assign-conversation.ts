import { ApiError, notFound } from '@/server/errors/api-error';
import { db } from '@/server/db';
import { pgTransaction } from '@/server/db/pg';
import { assignConversationHandoffs } from '@/server/agent/handoffs/conversation-handoffs';
import { publishInboxChange } from '@/server/live/publish-inbox-change';

/**
 * Gives a conversation to a member of the organization, or to nobody (`null`). While a handoff
 * is active its assignee is the conversation's (docs/agent-api.md §1.7: one field), so the handoff
 * changes hands in the same transaction: `assigned` to the member, or `open` again for nobody.
 */
export async function assignConversation(orgId: string, contactId: string, assigneeId: string | null): Promise<void> {
  if (assigneeId !== null) {
    const member = await db.membership.findFirst({ where: { orgId, userId: assigneeId }, select: { id: true } });
    if (!member) throw new ApiError('invalid_parameter', 'That person is not a member of this organization.', { param: 'assigneeId' });
  }
  const announceHandoffs = await pgTransaction(async (client) => {
    const announce = await assignConversationHandoffs(client, orgId, contactId, assigneeId);
    const { rowCount } = await client.query({
      name: 'inbox-assign-conversation',
      text: 'UPDATE contacts SET assigned_user_id = $3, updated_at = now() WHERE id = $1 AND org_id = $2',
      values: [contactId, orgId, assigneeId],
    });
    if (!rowCount) throw notFound('conversation');
    return announce;
  });
  await announceHandoffs();
  await publishInboxChange(orgId, contactId, 'assigned');
}
