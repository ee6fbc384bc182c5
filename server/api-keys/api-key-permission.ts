import type { MemberRole } from '@/server/db';
import { OrgAccessError } from '@/server/errors/org-access-error';

/** A key acts for the whole organization through the API: owners and admins manage keys, others read. */
const rolesThatManage: ReadonlySet<MemberRole> = new Set(['owner', 'admin']);

export function canManageApiKeys(role: MemberRole): boolean {
  return rolesThatManage.has(role);
}

export function assertCanManageApiKeys(role: MemberRole): void {
  if (!canManageApiKeys(role)) throw new OrgAccessError('Only owners and admins can manage API keys.');
}
