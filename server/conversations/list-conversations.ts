import { toPage } from '@/server/api/paging';
import { windowClosesAt } from './conversation-window';
import { CONVERSATIONS_LIST, conversationSortKey, queryConversations, type ConversationRow } from './query-conversations';

/** The Conversation resource of the API. */
export function presentConversation(row: ConversationRow, now = Date.now()) {
  const closes = windowClosesAt(row.lastInboundAt, now);
  return {
    contact_id: row.id,
    // Listed conversations are WhatsApp ones (below), which always have a number.
    phone_number: row.phoneNumber ?? '',
    name: row.name,
    channel: 'whatsapp',
    account: row.account?.name ?? null,
    last_message_at: row.lastMessageAt?.toISOString() ?? null,
    last_message: row.lastMessagePreview,
    unread: row.unread,
    ...(closes ? { window_open_until: closes.toISOString() } : {}),
    tags: row.tags,
    created_at: row.createdAt.toISOString(),
  };
}

/** `GET /v1/conversations`: WhatsApp conversations only (docs/messaging-api.md; the widget's are the inbox's and the agent API's). */
export async function listConversations(orgId: string, query: { limit: number; cursor?: string; search?: string; account?: string }) {
  const rows = await queryConversations(orgId, { ...query, channel: 'whatsapp' });
  const now = Date.now();
  return toPage(CONVERSATIONS_LIST, rows, query.limit, conversationSortKey, (row) => presentConversation(row, now));
}
