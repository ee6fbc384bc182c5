import { AgentError } from '@/server/errors/agent-error';
import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { widgetTokenEndpoint } from '@/server/agent/http/endpoints/widget';
import { mintVisitorToken } from '@/server/agent/widget/client-tokens';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  POST: agentRoute(widgetTokenEndpoint, ({ caller, body }) => {
    if (caller.kind !== 'publishable_key') throw new AgentError('principal_not_allowed');
    return mintVisitorToken(caller, body);
  }),
});
