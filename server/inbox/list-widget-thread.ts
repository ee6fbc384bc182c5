import { afterNewestFirst, decodeCursor, toPage } from '@/server/api/paging';
import { db, type AgentMessage } from '@/server/db';

/** The same list name as WhatsApp threads': the thread view pages both alike. */
const THREAD_LIST = 'conversation-messages';

/** What of a session's history the thread shows: the visitor's, the AI's and staff's words (tool calls and notes are the model's). */
const THREAD_ROLES = ['user', 'assistant', 'staff'];

/**
 * A widget conversation's thread (docs/agent-api.md §2.6): the history of the visitor's agent
 * sessions in the inbox's message shape, newest first: the visitor's messages incoming, the
 * AI's outgoing by the bot, staff's outgoing by their author. Null when the contact is not a
 * widget visitor of the organization (the caller lists a WhatsApp thread then).
 */
export async function listWidgetThread(orgId: string, contactId: string, { limit, cursor }: { limit: number; cursor?: string }) {
  const contact = await db.contact.findFirst({ where: { id: contactId, orgId, channel: 'widget' }, select: { id: true } });
  if (!contact) return null;
  const after = decodeCursor(THREAD_LIST, cursor);
  const rows = await db.agentMessage.findMany({
    where: { session: { contactId, project: { orgId } }, role: { in: THREAD_ROLES }, ...afterNewestFirst('createdAt', after) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
  });
  const authorIds = [...new Set(rows.map((row) => row.authorId).filter((id): id is string => id !== null))];
  const authors = authorIds.length ? await db.user.findMany({ where: { id: { in: authorIds } }, select: { id: true, name: true } }) : [];
  const names = new Map(authors.map((user) => [user.id, user.name]));
  return toPage(
    THREAD_LIST,
    rows,
    limit,
    (row) => ({ at: row.createdAt, id: row.id }),
    (row) => presentWidgetMessage(row, names),
  );
}

/** A history message in the shape of list-inbox-messages.ts's (the thread view draws both alike). */
function presentWidgetMessage(row: AgentMessage, authorNames: Map<string, string>) {
  const incoming = row.role === 'user';
  return {
    id: row.id,
    direction: incoming ? ('incoming' as const) : ('outgoing' as const),
    type: 'text' as const,
    // Shown in the widget as soon as it is written: there is no delivery to wait for.
    status: 'delivered' as const,
    content: row.text,
    templateName: null,
    authorType: incoming ? null : row.role === 'staff' ? ('member' as const) : ('bot' as const),
    authorName: row.authorId ? (authorNames.get(row.authorId) ?? null) : null,
    buttons: [],
    wamid: null,
    contextWamid: null,
    errorMessage: null,
    failure: null,
    media: null,
    hasMedia: false,
    kind: null,
    reactions: [],
    createdAt: row.createdAt,
  };
}
