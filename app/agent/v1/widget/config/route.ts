import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { widgetConfigEndpoint } from '@/server/agent/http/endpoints/widget';
import { widgetConfig } from '@/server/agent/widget/widget-sessions';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(widgetConfigEndpoint, ({ caller, language }) => widgetConfig(caller, language)),
});
