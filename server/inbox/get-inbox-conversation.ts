import { notFound } from '@/server/errors/api-error';
import { db } from '@/server/db';
import { presentInboxConversation } from './present-inbox-conversation';

/** One conversation of the organization with what the contact panel shows; not found for other tenants. */
export async function getInboxConversation(orgId: string, contactId: string) {
  const row = await db.contact.findFirst({
    where: { id: contactId, orgId },
    include: { account: { select: { name: true } }, assignedUser: { select: { id: true, name: true } } },
  });
  if (!row) throw notFound('conversation');
  return presentInboxConversation(row);
}
