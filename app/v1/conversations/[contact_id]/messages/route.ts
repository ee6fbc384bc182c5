import { listConversationMessages as listConversationMessagesSpec } from '@/server/api/endpoints/conversations';
import { apiRoute } from '@/server/api/route';
import { listConversationMessages } from '@/server/conversations/list-conversation-messages';

export const GET = apiRoute(listConversationMessagesSpec, ({ caller, params, query }) =>
  listConversationMessages(caller.orgId, params.contact_id, query),
);
