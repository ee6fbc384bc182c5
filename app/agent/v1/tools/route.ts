import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentReply, agentRoute } from '@/server/agent/http/agent-route';
import { createToolEndpoint, listToolsEndpoint } from '@/server/agent/http/endpoints/tools';
import { createTool, listTools } from '@/server/agent/tools/manage-tools';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(listToolsEndpoint, ({ caller, query }) => listTools(caller.projectId, query)),
  POST: agentRoute(createToolEndpoint, async ({ caller, body, warn }) => {
    const { tool, warnings } = await createTool(caller.projectId, body);
    for (const code of warnings) warn(code, '/parameters');
    return agentReply(tool, { status: 201 });
  }),
});
