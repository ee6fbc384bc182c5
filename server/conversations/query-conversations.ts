import { ApiError } from '@/server/errors/api-error';
import { afterNewestFirst, decodeCursor } from '@/server/api/paging';
import { db, type ConversationStatus, type Prisma } from '@/server/db';
import { contactSearchWhere, firstSearchMatches, listSearchMatches, searchesMessageText } from '@/server/contacts/contact-search';
import { statusWhere } from './conversation-status';

export const CONVERSATIONS_LIST = 'conversations';

export interface ConversationFilters {
  /** Part of the name (any case) or, when it looks like a phone number, of the number's digits. */
  search?: string;
  /** `search` also finds the text of the conversation's messages (the inbox's search). */
  searchMessages?: boolean;
  /** Account name. */
  account?: string;
  /** Account id (the dashboard picks accounts by id). */
  accountId?: string;
  unread?: boolean;
  /** A user id, or null for conversations nobody is assigned to. */
  assignedUserId?: string | null;
  /** A user id: conversations assigned to them or to nobody (an agent's own queue). */
  assignedToOrUnassigned?: string;
  tag?: string;
  /** Only contacts that also match this (a set another area defines, such as the inbox's "Needs human"). */
  contacts?: Prisma.ContactWhereInput;
  /** Open, snoozed or resolved as of now (the shared inbox's state). */
  status?: ConversationStatus;
  /** `whatsapp` or `widget` (docs/agent-api.md §2.6); the API lists WhatsApp conversations only, the inbox either or both. */
  channel?: ConversationChannel;
}

export const CONVERSATION_CHANNELS = ['whatsapp', 'widget'] as const;
export type ConversationChannel = (typeof CONVERSATION_CHANNELS)[number];

export interface ConversationQuery extends ConversationFilters {
  limit: number;
  cursor?: string;
}

const conversationInclude = {
  account: { select: { name: true } },
  assignedUser: { select: { id: true, name: true } },
} as const;

/**
 * One page (plus one row, to tell whether more follow) of the organization's conversations,
 * newest activity first by (last_message_at, id), the order of the contacts index. Contacts
 * without messages and external_only ones are not conversations.
 */
export async function queryConversations(orgId: string, query: ConversationQuery) {
  const after = decodeCursor(CONVERSATIONS_LIST, query.cursor);
  const text = query.search?.trim();
  if (text && query.searchMessages && searchesMessageText(text)) return searchConversations(orgId, query, text);
  return findConversations({ AND: [await conversationsWhere(orgId, query), afterNewestFirst('lastMessageAt', after)] }, query.limit);
}

const findConversations = (where: Prisma.ContactWhereInput, limit: number) =>
  db.contact.findMany({ where, include: conversationInclude, orderBy: [{ lastMessageAt: 'desc' }, { id: 'desc' }], take: limit + 1 });

/** Conversations searched newest first before the indexes' matches are listed (see below). */
const SEARCH_WINDOW = 1_000;

/**
 * A page of conversations whose name, number or message text contains `text`. The newest
 * SEARCH_WINDOW conversations are checked one by one, which fills a page quickly for a common
 * term; only if they hold too few are the term's matches listed from the trigram indexes,
 * which is fast then because the term is rare (listing a common word's matches takes a second
 * at a million messages). Either way the cost stays bounded.
 */
async function searchConversations(orgId: string, query: ConversationQuery, text: string) {
  const cursor = decodeCursor(CONVERSATIONS_LIST, query.cursor);
  const page: Prisma.ContactWhereInput = {
    AND: [await conversationsWhere(orgId, { ...query, search: undefined }), afterNewestFirst('lastMessageAt', cursor)],
  };
  const newest = await db.contact.findMany({
    where: page,
    orderBy: [{ lastMessageAt: 'desc' }, { id: 'desc' }],
    take: SEARCH_WINDOW,
    select: { id: true },
  });
  const found = await firstSearchMatches(
    orgId,
    newest.map((row) => row.id),
    text,
    query.limit + 1,
  );
  const searchedAll = newest.length < SEARCH_WINDOW;
  const ids = found.length > query.limit || searchedAll ? found : await listSearchMatches(orgId, text);
  return findConversations({ AND: [page, { id: { in: ids } }] }, query.limit);
}

/**
 * Below this many matches among the newest SEARCH_WINDOW conversations a term is rare, so its
 * matches are listed from the trigram indexes (fast for a rare term) and counted exactly.
 */
const RARE_IN_WINDOW = 50;

/**
 * The conversations `where` selects whose name, number or message text contains `text`, for the
 * status tabs' counts, at a bounded cost like the list's: the newest SEARCH_WINDOW are checked
 * one by one; a term rare among them is listed from the indexes and counted exactly; a common
 * one is counted within the window only, `capped` saying that older conversations may match too
 * (the tabs show "1,000+", docs/messaging-api.md).
 */
export async function searchMatchesToCount(orgId: string, where: Prisma.ContactWhereInput, text: string) {
  const newest = await db.contact.findMany({
    where,
    orderBy: [{ lastMessageAt: 'desc' }, { id: 'desc' }],
    take: SEARCH_WINDOW,
    select: { id: true },
  });
  const found = await firstSearchMatches(
    orgId,
    newest.map((row) => row.id),
    text,
    SEARCH_WINDOW,
  );
  if (newest.length < SEARCH_WINDOW) return { ids: found, capped: false };
  if (found.length < RARE_IN_WINDOW) return { ids: await listSearchMatches(orgId, text), capped: false };
  return { ids: found, capped: true };
}

/** The organization's conversations that pass `filters`. */
export async function conversationsWhere(orgId: string, filters: ConversationFilters): Promise<Prisma.ContactWhereInput> {
  const accountId = filters.accountId ?? (filters.account !== undefined ? await accountIdByName(orgId, filters.account) : undefined);
  const mineOrUnassigned = filters.assignedToOrUnassigned;
  return {
    orgId,
    externalOnly: false,
    lastMessageAt: { not: null },
    ...(filters.channel ? { channel: filters.channel } : {}),
    ...(accountId !== undefined ? { accountId } : {}),
    ...(filters.unread !== undefined ? { unread: filters.unread } : {}),
    ...(filters.assignedUserId !== undefined ? { assignedUserId: filters.assignedUserId } : {}),
    ...(filters.tag ? { tags: { has: filters.tag } } : {}),
    AND: [
      filters.contacts ?? {},
      contactSearchWhere(filters.search),
      filters.status ? statusWhere(filters.status) : {},
      mineOrUnassigned ? { OR: [{ assignedUserId: mineOrUnassigned }, { assignedUserId: null }] } : {},
    ],
  };
}

export type ConversationRow = Awaited<ReturnType<typeof queryConversations>>[number];

export const conversationSortKey = (row: ConversationRow) => ({ at: row.lastMessageAt ?? row.createdAt, id: row.id });

async function accountIdByName(orgId: string, name: string): Promise<string> {
  const account = await db.account.findFirst({ where: { orgId, name }, select: { id: true } });
  if (!account) throw new ApiError('account_not_found', `No account named \`${name}\` in this organization.`, { param: 'account' });
  return account.id;
}
