import { listConversations as listConversationsSpec } from '@/server/api/endpoints/conversations';
import { apiMethods } from '@/server/api/methods';
import { apiRoute } from '@/server/api/route';
import { listConversations } from '@/server/conversations/list-conversations';

const get = apiRoute(listConversationsSpec, ({ caller, query }) => listConversations(caller.orgId, query));

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get });
