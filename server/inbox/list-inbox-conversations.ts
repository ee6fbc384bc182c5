import { toPage } from '@/server/api/paging';
import { CONVERSATIONS_LIST, conversationSortKey, queryConversations } from '@/server/conversations/query-conversations';
import { presentInboxConversation } from './present-inbox-conversation';

export interface InboxListOptions {
  userId: string;
  limit: number;
  cursor?: string;
  search?: string;
  accountId?: string;
  filter: 'all' | 'unread' | 'mine' | 'unassigned';
  tag?: string;
}

/** The shared inbox's conversation list: the API's list with the team's filters on top. */
export async function listInboxConversations(orgId: string, options: InboxListOptions) {
  const rows = await queryConversations(orgId, {
    limit: options.limit,
    cursor: options.cursor,
    search: options.search,
    accountId: options.accountId,
    tag: options.tag,
    ...(options.filter === 'unread' ? { unread: true } : {}),
    ...(options.filter === 'mine' ? { assignedUserId: options.userId } : {}),
    ...(options.filter === 'unassigned' ? { assignedUserId: null } : {}),
  });
  const now = Date.now();
  return toPage(CONVERSATIONS_LIST, rows, options.limit, conversationSortKey, (row) => presentInboxConversation(row, now));
}
