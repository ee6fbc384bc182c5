import { ownerOf } from '@/server/agent/access/agent-caller';
import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { runEventsEndpoint } from '@/server/agent/http/endpoints/runs';
import { resumePoint, streamContextOf, streamRunEvents } from '@/server/agent/runs/session-messages';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(runEventsEndpoint, (ctx) =>
    streamRunEvents(ctx.caller.projectId, ctx.params.run, resumePoint(ctx.request, ctx.query.after), streamContextOf(ctx), ownerOf(ctx.caller)),
  ),
});
