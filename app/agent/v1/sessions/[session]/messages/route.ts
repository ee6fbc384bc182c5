import { ownerOf } from '@/server/agent/access/agent-caller';
import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { listSessionMessagesEndpoint, postSessionMessageEndpoint } from '@/server/agent/http/endpoints/runs';
import { listSessionMessages, postSessionMessage, streamContextOf } from '@/server/agent/runs/session-messages';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(listSessionMessagesEndpoint, ({ caller, params, query }) =>
    listSessionMessages(caller.projectId, params.session, query, ownerOf(caller)),
  ),
  POST: agentRoute(postSessionMessageEndpoint, (ctx) => postSessionMessage(ctx.caller, ctx.params.session, ctx.body, streamContextOf(ctx))),
});
