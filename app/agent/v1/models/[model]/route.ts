import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { getModelEndpoint } from '@/server/agent/http/endpoints/models';
import { getModel } from '@/server/agent/models/list-models';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(getModelEndpoint, ({ caller, params }) => getModel(caller.projectId, params.model)),
});
