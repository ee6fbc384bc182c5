import { roleAllows } from '@/server/agent/access/agent-permissions';
import type { MemberRole } from '@/server/db';
import { AgentError } from '@/server/errors/agent-error';
import type { AgentListParams } from '@/server/agent/http/agent-paging';
import { createProject, listProjects } from './project';

/** What the agent pages let a member change, by role (the same permission table as /agent/v1). */
const editPermissions = ['agents:write', 'tools:write', 'knowledge:write', 'credentials:write', 'keys:write', 'projects:write'] as const;

/** The organization's agent projects, and what the member's role lets them change. */
export async function listProjectsForMember(orgId: string, role: MemberRole, params: AgentListParams) {
  return {
    role,
    can: Object.fromEntries(editPermissions.map((p) => [p, roleAllows(role, p)])) as Record<(typeof editPermissions)[number], boolean>,
    projects: (await listProjects(orgId, params)).data,
  };
}

export function createProjectAsMember(orgId: string, role: MemberRole, name: string) {
  if (!roleAllows(role, 'projects:write')) throw new AgentError('permission_denied', { details: { permission: 'projects:write' } });
  return createProject(orgId, name);
}
