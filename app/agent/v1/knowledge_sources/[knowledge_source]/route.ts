import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { deleteKnowledgeSourceEndpoint, getKnowledgeSourceEndpoint } from '@/server/agent/http/endpoints/knowledge-sources';
import { deleteKnowledgeSource, getKnowledgeSource } from '@/server/agent/knowledge/manage-knowledge-sources';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(getKnowledgeSourceEndpoint, ({ caller, params }) => getKnowledgeSource(caller.projectId, params.knowledge_source)),
  DELETE: agentRoute(deleteKnowledgeSourceEndpoint, ({ caller, params }) => deleteKnowledgeSource(caller.projectId, params.knowledge_source)),
});
