import { db } from '@/server/db';
import { AgentError } from '@/server/errors/agent-error';
import type { MemberCaller } from './agent-caller';
import { roleAllows, type AgentPermission } from './agent-permissions';

/**
 * A signed-in member acting in one project (docs/agent-api.md §1.2): the project must belong to an
 * organization they are a member of, and their role there is what they may do. The /agent/v1
 * cookie path and the dashboard's tRPC both go through here, so the rule is one.
 */
export async function memberOfProject(user: { id: string; email: string }, projectId: string): Promise<MemberCaller & { projectId: string }> {
  const membership = await db.agentProject.findFirst({
    where: { id: projectId, organization: { memberships: { some: { userId: user.id } } } },
    select: { orgId: true, organization: { select: { memberships: { where: { userId: user.id }, select: { role: true } } } } },
  });
  const role = membership?.organization.memberships[0]?.role;
  if (!membership || !role) throw new AgentError('project_not_found', { param: 'X-Project-Id' });
  return { kind: 'member', userId: user.id, email: user.email, orgId: membership.orgId, role, projectId };
}

/** A member acting in one project whose role holds `permission`, else `permission_denied` naming it: the dashboard's agent pages. */
export async function memberWithPermission(
  user: { id: string; email: string },
  projectId: string,
  permission: AgentPermission,
): Promise<MemberCaller & { projectId: string }> {
  const caller = await memberOfProject(user, projectId);
  if (!roleAllows(caller.role, permission)) throw new AgentError('permission_denied', { details: { permission } });
  return caller;
}
