import { notFound } from '@/server/errors/api-error';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';
import { publishInboxChange } from '@/server/live/publish-inbox-change';

const noteSelect = { id: true, body: true, createdAt: true, author: { select: { id: true, name: true } } } as const;

/** The team's private notes on a conversation, oldest first; never sent to the customer or the API. */
export async function listConversationNotes(orgId: string, contactId: string) {
  return db.conversationNote.findMany({ where: { orgId, contactId }, select: noteSelect, orderBy: { createdAt: 'asc' }, take: 200 });
}

export async function addConversationNote(orgId: string, contactId: string, authorId: string, body: string) {
  const contact = await db.contact.findFirst({ where: { id: contactId, orgId }, select: { id: true } });
  if (!contact) throw notFound('conversation');
  const note = await db.conversationNote.create({ data: { id: newId('note'), orgId, contactId, authorId, body }, select: noteSelect });
  await publishInboxChange(orgId, contactId, 'note');
  return note;
}
