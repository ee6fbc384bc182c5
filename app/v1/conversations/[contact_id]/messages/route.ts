import { listConversationMessages as listConversationMessagesSpec } from '@/server/api/endpoints/conversations';
import { apiMethods } from '@/server/api/methods';
import { apiRoute } from '@/server/api/route';
import { listConversationMessages } from '@/server/conversations/list-conversation-messages';

const get = apiRoute(listConversationMessagesSpec, ({ caller, params, query }) =>
  listConversationMessages(caller.orgId, params.contact_id, query),
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get });
