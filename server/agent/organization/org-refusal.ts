import { AgentError } from '@/server/errors/agent-error';
import type { AgentPermission } from '@/server/agent/access/agent-permissions';
import { OrgAccessError } from '@/server/errors/org-access-error';
import { OrgRuleError, type OrgRuleReason } from '@/server/errors/org-rule-error';

/** The agent contract's code for each organization rule: the reasons are the codes, bar one. */
function agentErrorOf(reason: OrgRuleReason): AgentError {
  if (reason === 'member_not_found') return new AgentError('resource_not_found', { details: { resource: 'member' } });
  return new AgentError(reason);
}

/**
 * Runs an organization service (shared with the dashboard) and answers its refusals in the
 * agent contract: rule reasons become their codes, a role the rules refuse `permission_denied`
 * naming the permission the route needs.
 */
export async function withOrgRules<T>(run: () => Promise<T>, permission: AgentPermission = 'members:write'): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof OrgRuleError) throw agentErrorOf(error.reason);
    if (error instanceof OrgAccessError) throw new AgentError('permission_denied', { details: { permission } });
    throw error;
  }
}
