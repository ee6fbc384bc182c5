import { db } from '@/server/db';
import { AgentError } from '@/server/errors/agent-error';
import type { ProjectCaller } from './agent-caller';

/**
 * A signed-in member acting in one project (docs/agent-api.md §1.2): the project must belong to an
 * organization they are a member of, and their role there is what they may do. The /agent/v1
 * cookie path and the dashboard's tRPC both go through here, so the rule is one.
 */
export async function memberOfProject(user: { id: string; email: string }, projectId: string): Promise<ProjectCaller> {
  const membership = await db.agentProject.findFirst({
    where: { id: projectId, organization: { memberships: { some: { userId: user.id } } } },
    select: { orgId: true, organization: { select: { memberships: { where: { userId: user.id }, select: { role: true } } } } },
  });
  const role = membership?.organization.memberships[0]?.role;
  if (!membership || !role) throw new AgentError('project_not_found', { param: 'X-Project-Id' });
  return { kind: 'member', userId: user.id, email: user.email, orgId: membership.orgId, role, projectId };
}
