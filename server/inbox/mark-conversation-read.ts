import { db } from '@/server/db';
import { publishInboxChange } from '@/server/live/publish-inbox-change';

/** Opening a thread marks it read for the whole team (the shared inbox has one unread flag). */
export async function markConversationRead(orgId: string, contactId: string): Promise<void> {
  const changed = await db.contact.updateMany({ where: { id: contactId, orgId, unread: true }, data: { unread: false } });
  if (changed.count > 0) await publishInboxChange(orgId, contactId, 'read');
}
