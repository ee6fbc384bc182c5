import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { listWebhookDeliveriesEndpoint } from '@/server/agent/http/endpoints/webhook-endpoints';
import { listWebhookDeliveries } from '@/server/agent/webhooks/manage-webhook-endpoints';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(listWebhookDeliveriesEndpoint, ({ caller, params, query }) =>
    listWebhookDeliveries(caller.projectId, params.webhook_endpoint, query),
  ),
});
