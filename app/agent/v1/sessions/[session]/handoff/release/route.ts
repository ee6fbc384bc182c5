import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { releaseHandoffEndpoint } from '@/server/agent/http/endpoints/handoffs';
import { releaseHandoff } from '@/server/agent/handoffs/work-handoffs';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  POST: agentRoute(releaseHandoffEndpoint, ({ caller, params }) => releaseHandoff(caller, params.session)),
});
