import { queryThreadMessages, toThreadPage, type ThreadMessageRow } from '@/server/conversations/list-conversation-messages';
import { explainFailure } from '@/server/messages/failure-reason';
import { db } from '@/server/db';
import { listWidgetThread } from './list-widget-thread';
import type { TemplateShape } from '@/server/templates/from-platform';
import type { MessageKindData } from '@/server/platform/inbound-kinds';

/** A message as the thread view draws it: bubble, ticks, media, template buttons and reply context. */
function presentInboxMessage(row: ThreadMessageRow, authorNames: Map<string, string>) {
  const buttons = (row.template?.buttons ?? []) as TemplateShape['buttons'];
  return {
    id: row.id,
    direction: row.direction,
    type: row.type,
    status: row.status,
    content: row.content,
    templateName: row.templateName,
    /** bot, member or api for outgoing messages (the thread badges the bot's). */
    authorType: row.authorType,
    /** The member who wrote it, as named now (null for others, or a member who left). */
    authorName: row.authorUserId ? (authorNames.get(row.authorUserId) ?? null) : null,
    buttons: buttons.map(({ index, type, text }) => ({ index, type, text })),
    wamid: row.wamid,
    contextWamid: row.contextWamid,
    errorMessage: row.errorMessage,
    /** For a failed message: its plain explanation (a `failure` catalogue key) and what to do. */
    failure: row.status === 'failed' ? explainFailure(row.errorMessage) : null,
    media: row.media ? { contentType: row.media.contentType, filename: row.media.filename, size: row.media.sizeBytes } : null,
    hasMedia: row.hasMedia,
    /** An inbound kind's data (location, contacts, sticker, reply, order, unsupported, system): the thread draws it as what it is. */
    kind: row.kindData as MessageKindData | null,
    /** Each side's reaction, customer's and ours (docs/messaging-api.md §13). */
    reactions: row.reactions.flatMap((r) => (r.emoji === null ? [] : [{ emoji: r.emoji, by: r.side, createdAt: r.reactedAt }])),
    createdAt: row.createdAt,
  };
}

export type InboxMessage = ReturnType<typeof presentInboxMessage>;

/** A page of a conversation's messages, newest first (the thread view shows them oldest at the top); a widget visitor's is their session's history. */
export async function listInboxMessages(
  orgId: string,
  contactId: string,
  paging: { limit: number; cursor?: string },
): Promise<ReturnType<typeof toThreadPage<InboxMessage>>> {
  const widget = await listWidgetThread(orgId, contactId, paging);
  if (widget) return widget;
  const rows = await queryThreadMessages(orgId, contactId, paging);
  const authorIds = [...new Set(rows.map((row) => row.authorUserId).filter((id): id is string => id !== null))];
  const authors = authorIds.length ? await db.user.findMany({ where: { id: { in: authorIds } }, select: { id: true, name: true } }) : [];
  const authorNames = new Map(authors.map((user) => [user.id, user.name]));
  return toThreadPage(rows, paging.limit, (row) => presentInboxMessage(row, authorNames));
}
