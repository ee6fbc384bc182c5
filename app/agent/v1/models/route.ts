import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { listModelsEndpoint } from '@/server/agent/http/endpoints/models';
import { listModels } from '@/server/agent/models/list-models';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(listModelsEndpoint, ({ caller, query }) => listModels(caller.projectId, query)),
});
