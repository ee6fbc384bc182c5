import { windowClosesAt } from '@/server/conversations/conversation-window';
import type { ConversationRow } from '@/server/conversations/query-conversations';
import { effectiveStatus } from '@/server/conversations/conversation-status';
import type { SearchSnippet } from './search-snippet';

/** A conversation as the inbox list and contact panel show it. */
export function presentInboxConversation(row: ConversationRow, now = Date.now(), match: SearchSnippet | null = null) {
  return {
    contactId: row.id,
    /** `whatsapp` or `widget` (a website visitor: no number, no 24-hour window, docs/agent-api.md §2.6). */
    channel: row.channel === 'widget' ? ('widget' as const) : ('whatsapp' as const),
    phoneNumber: row.phoneNumber,
    /** What a widget visitor left for follow-up, if anything. */
    email: row.email,
    name: row.name,
    accountId: row.accountId,
    account: row.account?.name ?? null,
    lastMessageAt: row.lastMessageAt,
    lastMessage: row.lastMessagePreview,
    unread: row.unread,
    windowOpenUntil: windowClosesAt(row.lastInboundAt, now),
    tags: row.tags,
    optedOutMarketing: row.optedOutMarketing,
    assignee: row.assignedUser,
    status: effectiveStatus(row, now),
    /** Set while snoozed: when it comes back. */
    snoozedUntil: effectiveStatus(row, now) === 'snoozed' ? row.snoozedUntil : null,
    createdAt: row.createdAt,
    /** For a message-text search: the newest matching message, cut around the match, to open it at. */
    match,
  };
}

export type InboxConversation = ReturnType<typeof presentInboxConversation>;
