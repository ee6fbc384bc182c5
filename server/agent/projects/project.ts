import { notifyCallerChange } from '@/server/api-keys/notify-caller-change';
import { db, Prisma, type AgentProject } from '@/server/db';
import { newId } from '@/server/db/ids';
import { AgentError } from '@/server/errors/agent-error';
import { pageAgentList, type AgentListParams } from '@/server/agent/http/agent-paging';

/** Projects hold an organization's agents, keys and credentials; names are unique in the organization. */
export const presentProject = (project: AgentProject) => ({
  id: project.id,
  object: 'project' as const,
  name: project.name,
  ai_paused: project.aiPaused,
  created_at: project.createdAt,
});

export async function createProject(orgId: string, name: string) {
  try {
    return presentProject(await db.agentProject.create({ data: { id: newId('agentProject'), orgId, name: name.trim() } }));
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      throw new AgentError('name_taken', { param: '/name', details: { name: name.trim() } });
    }
    throw error;
  }
}

export function listProjects(orgId: string, params: AgentListParams) {
  return pageAgentList(
    params,
    (id) => db.agentProject.findFirst({ where: { id, orgId }, select: { id: true, createdAt: true } }),
    (window) => db.agentProject.findMany({ where: { AND: [{ orgId }, window.where] }, orderBy: window.orderBy, take: window.take }),
    presentProject,
  );
}

/**
 * The project's AI switch (docs/agent-api.md §1.3, readiness blocker `ai_paused`): while paused no
 * agent of the project answers. Callers read it through the caller cache, so it is told.
 */
export async function setProjectAiPaused(orgId: string, projectId: string, paused: boolean) {
  const { count } = await db.agentProject.updateMany({ where: { id: projectId, orgId }, data: { aiPaused: paused } });
  if (count === 0) throw new AgentError('project_not_found', { param: 'X-Project-Id' });
  await notifyCallerChange();
  return presentProject(await db.agentProject.findUniqueOrThrow({ where: { id: projectId } }));
}
