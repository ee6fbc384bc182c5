import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentReply, agentRoute } from '@/server/agent/http/agent-route';
import { createAgentEndpoint, listAgentsEndpoint } from '@/server/agent/http/endpoints/agents';
import { createAgent, listAgents } from '@/server/agent/agents/manage-agents';
import { agentEtagHeader } from '@/server/agent/agents/present-agent';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(listAgentsEndpoint, ({ caller, query }) => listAgents(caller.projectId, query)),
  POST: agentRoute(createAgentEndpoint, async ({ caller, body }) => {
    const agent = await createAgent(caller.projectId, body);
    return agentReply(agent, { status: 201, headers: agentEtagHeader(agent.draft.etag) });
  }),
});
