import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { listAgentEventTypesEndpoint } from '@/server/agent/http/endpoints/webhook-endpoints';
import { listAgentEventTypes } from '@/server/agent/webhooks/manage-webhook-endpoints';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(listAgentEventTypesEndpoint, async ({ query }) => listAgentEventTypes(query)),
});
