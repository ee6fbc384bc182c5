import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { createProjectEndpoint, listProjectsEndpoint } from '@/server/agent/http/endpoints/projects';
import { createProject, listProjects } from '@/server/agent/projects/project';

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = agentMethods({
  GET: agentRoute(listProjectsEndpoint, ({ caller, query }) => listProjects(caller.orgId, query)),
  POST: agentRoute(createProjectEndpoint, ({ caller, body }) => createProject(caller.orgId, body.name)),
});
