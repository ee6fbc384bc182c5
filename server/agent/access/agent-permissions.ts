import type { MemberRole } from '@/server/db';

/**
 * What a caller may do. Secret keys carry scopes (docs/agent-api.md §1.2) or `permissions: all`;
 * dashboard members get them from their role, plus the organization permissions that no key
 * has. The role table is messaging's: owners and admins edit, agents work handoffs, marketers read.
 */
const resources = ['agents', 'tools', 'knowledge', 'sessions', 'runs', 'end_users', 'handoffs', 'webhooks', 'credentials'] as const;

export const agentKeyScopes = [...resources.flatMap((r) => [`${r}:read`, `${r}:write`] as const), 'client_tokens:write', 'keys:write'] as const;

export type AgentScope = (typeof agentKeyScopes)[number];

/** Permissions only dashboard members have (organization routes). */
export type OrganizationPermission = 'members:write' | 'organization:limits' | 'projects:write' | 'organization:read';

export type AgentPermission = AgentScope | OrganizationPermission;

const readScopes = agentKeyScopes.filter((s) => s.endsWith(':read'));

const rolePermissions: Record<MemberRole, ReadonlySet<AgentPermission>> = {
  owner: new Set<AgentPermission>([...agentKeyScopes, 'members:write', 'organization:limits', 'projects:write', 'organization:read']),
  admin: new Set<AgentPermission>([...agentKeyScopes, 'members:write', 'projects:write', 'organization:read']),
  agent: new Set<AgentPermission>([...readScopes, 'handoffs:write', 'sessions:write', 'runs:write', 'organization:read']),
  marketer: new Set<AgentPermission>([...readScopes, 'organization:read']),
};

export function roleAllows(role: MemberRole, permission: AgentPermission): boolean {
  return rolePermissions[role].has(permission);
}

export const isAgentScope = (value: string): value is AgentScope => (agentKeyScopes as readonly string[]).includes(value);
