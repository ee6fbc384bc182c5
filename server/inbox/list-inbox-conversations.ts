import { toPage } from '@/server/api/paging';
import {
  CONVERSATIONS_LIST,
  conversationSortKey,
  conversationsWhere,
  queryConversations,
  type ConversationFilters,
} from '@/server/conversations/query-conversations';
import type { ConversationStatus } from '@/server/db';
import { countByStatus } from '@/server/conversations/conversation-status';
import { presentInboxConversation } from './present-inbox-conversation';

export const INBOX_ASSIGNMENT_FILTERS = ['all', 'unread', 'mine', 'unassigned', 'mine_or_unassigned'] as const;

export interface InboxFilters {
  userId: string;
  search?: string;
  accountId?: string;
  filter: (typeof INBOX_ASSIGNMENT_FILTERS)[number];
  tag?: string;
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
    ...conversationFilters(options),
    status: options.status,
    limit: options.limit,
    cursor: options.cursor,
  });
  const now = Date.now();
  return toPage(CONVERSATIONS_LIST, rows, options.limit, conversationSortKey, (row) => presentInboxConversation(row, now));
}

/**
 * How many conversations the inbox's filters leave in each status (its status tabs). The
 * search box narrows the list only, as in other inboxes: counting a common word's matches
 * would read every message.
 */
export async function countInboxConversations(orgId: string, filters: Omit<InboxFilters, 'search'>) {
  return countByStatus(await conversationsWhere(orgId, conversationFilters(filters)));
}

function conversationFilters(options: InboxFilters): ConversationFilters {
  return {
    search: options.search,
    searchMessages: true,
    accountId: options.accountId,
    tag: options.tag,
    ...(options.filter === 'unread' ? { unread: true } : {}),
    ...(options.filter === 'mine' ? { assignedUserId: options.userId } : {}),
    ...(options.filter === 'unassigned' ? { assignedUserId: null } : {}),
    ...(options.filter === 'mine_or_unassigned' ? { assignedToOrUnassigned: options.userId } : {}),
  };
}
