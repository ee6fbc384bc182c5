import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { publishAgentEndpoint } from '@/server/agent/http/endpoints/agents';
import { publishAgent } from '@/server/agent/agents/manage-agents';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  POST: agentRoute(publishAgentEndpoint, ({ caller, params, request }) =>
    publishAgent(caller.projectId, params.agent, request.headers.get('if-match')),
  ),
});
