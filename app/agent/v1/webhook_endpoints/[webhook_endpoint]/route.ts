import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import {
  deleteWebhookEndpointEndpoint,
  getWebhookEndpointEndpoint,
  updateWebhookEndpointEndpoint,
} from '@/server/agent/http/endpoints/webhook-endpoints';
import { deleteWebhookEndpoint, getWebhookEndpoint, updateWebhookEndpoint } from '@/server/agent/webhooks/manage-webhook-endpoints';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(getWebhookEndpointEndpoint, ({ caller, params }) => getWebhookEndpoint(caller.projectId, params.webhook_endpoint)),
  PATCH: agentRoute(updateWebhookEndpointEndpoint, ({ caller, params, body }) =>
    updateWebhookEndpoint(caller.projectId, params.webhook_endpoint, body),
  ),
  DELETE: agentRoute(deleteWebhookEndpointEndpoint, ({ caller, params }) => deleteWebhookEndpoint(caller.projectId, params.webhook_endpoint)),
});
