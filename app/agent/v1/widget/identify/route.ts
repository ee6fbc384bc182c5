import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { identifyWidgetVisitorEndpoint } from '@/server/agent/http/endpoints/widget';
import { identifyVisitor } from '@/server/agent/widget/widget-sessions';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  POST: agentRoute(identifyWidgetVisitorEndpoint, ({ caller, body }) => identifyVisitor(caller, body.client_token)),
});
