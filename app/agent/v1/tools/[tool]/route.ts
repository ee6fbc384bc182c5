import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { deleteToolEndpoint, getToolEndpoint, updateToolEndpoint } from '@/server/agent/http/endpoints/tools';
import { deleteTool, getTool, updateTool } from '@/server/agent/tools/manage-tools';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(getToolEndpoint, ({ caller, params }) => getTool(caller.projectId, params.tool)),
  PATCH: agentRoute(updateToolEndpoint, async ({ caller, params, body, warn }) => {
    const { tool, warnings } = await updateTool(caller.projectId, params.tool, body);
    for (const code of warnings) warn(code, '/parameters');
    return tool;
  }),
  DELETE: agentRoute(deleteToolEndpoint, ({ caller, params }) => deleteTool(caller.projectId, params.tool)),
});
