import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { createKnowledgeSourceEndpoint, listKnowledgeSourcesEndpoint } from '@/server/agent/http/endpoints/knowledge-sources';
import { createKnowledgeSource, listKnowledgeSources } from '@/server/agent/knowledge/manage-knowledge-sources';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(listKnowledgeSourcesEndpoint, ({ caller, query }) => listKnowledgeSources(caller.projectId, query)),
  POST: agentRoute(createKnowledgeSourceEndpoint, ({ caller, body }) => createKnowledgeSource(caller.projectId, body)),
});
