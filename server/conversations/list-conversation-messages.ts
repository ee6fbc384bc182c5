import { notFound } from '@/server/errors/api-error';
import { afterNewestFirst, decodeCursor, toPage } from '@/server/api/paging';
import { db } from '@/server/db';
import { messageApiInclude, presentMessage } from '@/server/messages/present-message';

const THREAD_LIST = 'conversation-messages';

/** What the API and the inbox both need to show a thread's messages. */
const threadInclude = {
  ...messageApiInclude,
  media: { select: { contentType: true, filename: true, sizeBytes: true } },
  template: { select: { buttons: true } },
} as const;

/**
 * One page (plus one row) of a WhatsApp contact's messages, newest first by (created_at, id).
 * Another organization's contact, or a widget visitor's (whose thread is its agent session's,
 * server/inbox/list-widget-thread.ts), is not found, exactly like a missing one.
 */
export async function queryThreadMessages(orgId: string, contactId: string, { limit, cursor }: { limit: number; cursor?: string }) {
  const after = decodeCursor(THREAD_LIST, cursor);
  const contact = await db.contact.findFirst({ where: { id: contactId, orgId, channel: 'whatsapp' }, select: { id: true } });
  if (!contact) throw notFound('conversation', 'contact_id');
  return db.message.findMany({
    where: { orgId, contactId, ...afterNewestFirst('createdAt', after) },
    include: threadInclude,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
  });
}

export type ThreadMessageRow = Awaited<ReturnType<typeof queryThreadMessages>>[number];

export function toThreadPage<T>(rows: ThreadMessageRow[], limit: number, present: (row: ThreadMessageRow) => T) {
  return toPage(THREAD_LIST, rows, limit, (row) => ({ at: row.createdAt, id: row.id }), present);
}

/** `GET /v1/conversations/{contact_id}/messages`. */
export async function listConversationMessages(orgId: string, contactId: string, paging: { limit: number; cursor?: string }) {
  const rows = await queryThreadMessages(orgId, contactId, paging);
  return toThreadPage(rows, paging.limit, (message) => presentMessage(message, { detailed: true }));
}
