import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentReply, agentRoute } from '@/server/agent/http/agent-route';
import { createWebhookEndpointEndpoint, listWebhookEndpointsEndpoint } from '@/server/agent/http/endpoints/webhook-endpoints';
import { createWebhookEndpoint, listWebhookEndpoints } from '@/server/agent/webhooks/manage-webhook-endpoints';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(listWebhookEndpointsEndpoint, ({ caller, query }) => listWebhookEndpoints(caller.projectId, query)),
  POST: agentRoute(createWebhookEndpointEndpoint, async ({ caller, body }) =>
    agentReply(await createWebhookEndpoint(caller.projectId, body), { status: 201 }),
  ),
});
