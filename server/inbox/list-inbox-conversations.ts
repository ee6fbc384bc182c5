import { toPage } from '@/server/api/paging';
import {
  CONVERSATIONS_LIST,
  conversationSortKey,
  conversationsWhere,
  queryConversations,
  type ConversationChannel,
  type ConversationFilters,
} from '@/server/conversations/query-conversations';
import type { ConversationStatus } from '@/server/db';
import { countByStatus } from '@/server/conversations/conversation-status';
import { aiHandlingContacts, needsHumanContacts } from '@/server/agent/handoffs/conversation-handoffs';
import { presentInboxConversation } from './present-inbox-conversation';

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
  return toPage(CONVERSATIONS_LIST, rows, options.limit, conversationSortKey, (row) => presentInboxConversation(row, now));
}

/**
 * How many conversations the inbox's filters leave in each status (its status tabs). The
 * search box narrows the list only, as in other inboxes: counting a common word's matches
 * would read every message.
 */
export async function countInboxConversations(orgId: string, filters: Omit<InboxFilters, 'search'>) {
  return countByStatus(await conversationsWhere(orgId, await conversationFilters(orgId, filters)));
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
