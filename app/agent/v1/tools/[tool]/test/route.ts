import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { testToolEndpoint } from '@/server/agent/http/endpoints/tools';
import { testTool } from '@/server/agent/tools/manage-tools';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  POST: agentRoute(testToolEndpoint, ({ caller, params, body }) => testTool(caller.projectId, params.tool, body)),
});
