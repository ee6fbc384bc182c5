import { AgentError } from '@/server/errors/agent-error';
import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { saveWidgetEmailEndpoint } from '@/server/agent/http/endpoints/widget';
import { saveVisitorEmail } from '@/server/agent/widget/widget-email';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  POST: agentRoute(saveWidgetEmailEndpoint, ({ caller, body }) => {
    if (caller.kind !== 'client_token') throw new AgentError('principal_not_allowed');
    return saveVisitorEmail(caller, body.email);
  }),
});
