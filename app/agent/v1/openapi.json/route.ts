import { agentMethods } from '@/server/agent/http/agent-methods';
import { buildAgentOpenApiDocument } from '@/server/agent/http/agent-openapi';
import { agentRoute } from '@/server/agent/http/agent-route';
import { openApiSpec } from '@/server/agent/http/endpoints/reference';

/** The public reference of /agent/v1, no credential needed. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = agentMethods({
  GET: agentRoute(openApiSpec, async () => buildAgentOpenApiDocument()),
});
