import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { listSessionMessagesEndpoint, postSessionMessageEndpoint } from '@/server/agent/http/endpoints/runs';
import { listSessionMessages, postSessionMessage } from '@/server/agent/runs/session-messages';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(listSessionMessagesEndpoint, ({ caller, params, query }) => listSessionMessages(caller.projectId, params.session, query)),
  POST: agentRoute(postSessionMessageEndpoint, ({ caller, params, body, request, requestId, language }) =>
    postSessionMessage(caller, params.session, body, { request, requestId, language }),
  ),
});
