import { AgentError } from '@/server/errors/agent-error';
import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentReply, agentRoute } from '@/server/agent/http/agent-route';
import { createWidgetSessionEndpoint } from '@/server/agent/http/endpoints/widget';
import { getOrCreateWidgetSession } from '@/server/agent/widget/widget-sessions';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  POST: agentRoute(createWidgetSessionEndpoint, async ({ caller }) => {
    if (caller.kind !== 'client_token') throw new AgentError('principal_not_allowed');
    const { session, created } = await getOrCreateWidgetSession(caller);
    return agentReply(session, { status: created ? 201 : 200 });
  }),
});
