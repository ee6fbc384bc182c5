import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentReply, agentRoute } from '@/server/agent/http/agent-route';
import { archiveAgentEndpoint, getAgentEndpoint, updateAgentEndpoint } from '@/server/agent/http/endpoints/agents';
import { archiveAgent, getAgent, updateAgentDraft } from '@/server/agent/agents/manage-agents';
import { agentEtagHeader } from '@/server/agent/agents/present-agent';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(getAgentEndpoint, async ({ caller, params }) => {
    const agent = await getAgent(caller.projectId, params.agent);
    return agentReply(agent, { headers: agentEtagHeader(agent.draft.etag) });
  }),
  PATCH: agentRoute(updateAgentEndpoint, async ({ caller, params, body, request }) => {
    const agent = await updateAgentDraft(caller.projectId, params.agent, request.headers.get('if-match'), body);
    return agentReply(agent, { headers: agentEtagHeader(agent.draft.etag) });
  }),
  DELETE: agentRoute(archiveAgentEndpoint, ({ caller, params }) => archiveAgent(caller.projectId, params.agent)),
});
