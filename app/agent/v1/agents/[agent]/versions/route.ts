import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { listAgentVersionsEndpoint } from '@/server/agent/http/endpoints/agents';
import { listAgentVersions } from '@/server/agent/agents/manage-agents';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(listAgentVersionsEndpoint, ({ caller, params, query }) => listAgentVersions(caller.projectId, params.agent, query)),
});
