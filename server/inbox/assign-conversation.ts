import { ApiError, notFound } from '@/server/errors/api-error';
import { db } from '@/server/db';
import { publishInboxChange } from '@/server/live/publish-inbox-change';

/** Gives a conversation to a member of the organization, or to nobody (`null`). */
export async function assignConversation(orgId: string, contactId: string, assigneeId: string | null): Promise<void> {
  if (assigneeId !== null) {
    const member = await db.membership.findFirst({ where: { orgId, userId: assigneeId }, select: { id: true } });
    if (!member) throw new ApiError('invalid_parameter', 'That person is not a member of this organization.', { param: 'assigneeId' });
  }
  const changed = await db.contact.updateMany({ where: { id: contactId, orgId }, data: { assignedUserId: assigneeId } });
  if (changed.count === 0) throw notFound('conversation');
  await publishInboxChange(orgId, contactId, 'assigned');
}
