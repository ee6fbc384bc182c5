import type { MemberRole } from '@/server/db';
import { OrgAccessError } from '@/server/errors/org-access-error';

/** Webhooks carry signing secrets and reach outside: owners and admins manage them, others read. */
const rolesThatManage: ReadonlySet<MemberRole> = new Set(['owner', 'admin']);

export function canManageWebhooks(role: MemberRole): boolean {
  return rolesThatManage.has(role);
}

export function assertCanManageWebhooks(role: MemberRole): void {
  if (!canManageWebhooks(role)) throw new OrgAccessError('Only owners and admins can manage webhooks.');
}
