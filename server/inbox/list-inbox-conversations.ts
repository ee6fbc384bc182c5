import { toPage } from '@/server/api/paging';
import {
  CONVERSATIONS_LIST,
  conversationSortKey,
  conversationsWhere,
  queryConversations,
  type ConversationChannel,
  searchMatchesToCount,
  type ConversationFilters,
  type ConversationRow,
} from '@/server/conversations/query-conversations';
import { newestMatchingMessages, searchesMessageText } from '@/server/contacts/contact-search';
import type { ConversationStatus } from '@/server/db';
import { countByStatus } from '@/server/conversations/conversation-status';
import { aiHandlingContacts, needsHumanContacts } from '@/server/agent/handoffs/conversation-handoffs';
import { presentInboxConversation } from './present-inbox-conversation';
import { cutSnippet, type SearchSnippet } from './search-snippet';

/**
 * The team's filters; `ai_handling` (an AI agent answers the contact, no handoff active) and
 * `needs_human` (a handoff nobody has claimed yet) come from the agent side (docs/agent-api.md §2.6).
 */
export const INBOX_ASSIGNMENT_FILTERS = ['all', 'unread', 'mine', 'unassigned', 'mine_or_unassigned', 'ai_handling', 'needs_human'] as const;

export interface InboxFilters {
  userId: string;
  search?: string;
  accountId?: string;
  filter: (typeof INBOX_ASSIGNMENT_FILTERS)[number];
  tag?: string;
  /** Only WhatsApp or only website conversations; omitted, both. */
  channel?: ConversationChannel;
}

export interface InboxListOptions extends InboxFilters {
  limit: number;
  cursor?: string;
  /** Omitted: every status. */
  status?: ConversationStatus;
}

/** The shared inbox's conversation list: the API's list with the team's filters on top. */
export async function listInboxConversations(orgId: string, options: InboxListOptions) {
  const rows = await queryConversations(orgId, {
    ...(await conversationFilters(orgId, options)),
    status: options.status,
    limit: options.limit,
    cursor: options.cursor,
  });
  const now = Date.now();
  const matches = await matchingMessages(orgId, rows, options.search);
  return toPage(CONVERSATIONS_LIST, rows, options.limit, conversationSortKey, (row) => presentInboxConversation(row, now, matches.get(row.id)));
}

/** For a message-text search, each result's newest matching message, cut around the match. */
async function matchingMessages(orgId: string, rows: ConversationRow[], search: string | undefined) {
  const text = search?.trim();
  const snippets = new Map<string, SearchSnippet>();
  if (!text || !searchesMessageText(text)) return snippets;
  const messages = await newestMatchingMessages(
    orgId,
    rows.map((row) => row.id),
    text,
  );
  for (const [contactId, message] of messages) {
    const snippet = cutSnippet(message.id, message.content, text);
    if (snippet) snippets.set(contactId, snippet);
  }
  return snippets;
}

/** The status tabs' counts; `capped`: a common term was counted among the newest conversations only. */
export type InboxCounts = Record<ConversationStatus, number> & { capped: boolean };

/**
 * How many conversations the inbox's filters and search leave in each status (its status tabs),
 * so a search shows where its matches are. A message-text search is counted at a bounded cost
 * (`searchMatchesToCount`); a name or number search, from the contacts' indexes.
 */
export async function countInboxConversations(orgId: string, filters: InboxFilters): Promise<InboxCounts> {
  const text = filters.search?.trim();
  const messageSearch = !!text && searchesMessageText(text);
  const where = await conversationsWhere(orgId, await conversationFilters(orgId, { ...filters, search: messageSearch ? undefined : text }));
  if (!text || !messageSearch) return { ...(await countByStatus(where)), capped: false };
  const { ids, capped } = await searchMatchesToCount(orgId, where, text);
  return { ...(await countByStatus({ AND: [where, { id: { in: ids } }] })), capped };
}

async function conversationFilters(orgId: string, options: InboxFilters): Promise<ConversationFilters> {
  return {
    search: options.search,
    searchMessages: true,
    accountId: options.accountId,
    tag: options.tag,
    channel: options.channel,
    ...(options.filter === 'unread' ? { unread: true } : {}),
    ...(options.filter === 'mine' ? { assignedUserId: options.userId } : {}),
    ...(options.filter === 'unassigned' ? { assignedUserId: null } : {}),
    ...(options.filter === 'mine_or_unassigned' ? { assignedToOrUnassigned: options.userId } : {}),
    ...(options.filter === 'ai_handling' ? { contacts: aiHandlingContacts } : {}),
    ...(options.filter === 'needs_human' ? { contacts: needsHumanContacts } : {}),
  };
}
