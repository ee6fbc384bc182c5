import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { testWebhookEndpointEndpoint } from '@/server/agent/http/endpoints/webhook-endpoints';
import { testWebhookEndpoint } from '@/server/agent/webhooks/manage-webhook-endpoints';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  POST: agentRoute(testWebhookEndpointEndpoint, ({ caller, params }) => testWebhookEndpoint(caller.projectId, params.webhook_endpoint)),
});
