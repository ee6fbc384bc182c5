import { listConversations as listConversationsSpec } from '@/server/api/endpoints/conversations';
import { apiRoute } from '@/server/api/route';
import { listConversations } from '@/server/conversations/list-conversations';

export const GET = apiRoute(listConversationsSpec, ({ caller, query }) => listConversations(caller.orgId, query));
