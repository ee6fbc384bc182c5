import type { MemberRole } from '@/server/db';
import { OrgAccessError } from '@/server/errors/org-access-error';

/** Agents answer conversations; syncing templates is for the people who manage them. */
const rolesThatSync: ReadonlySet<MemberRole> = new Set(['owner', 'admin', 'marketer']);

export function canSyncTemplates(role: MemberRole): boolean {
  return rolesThatSync.has(role);
}

export function assertCanSyncTemplates(role: MemberRole): void {
  if (!canSyncTemplates(role)) throw new OrgAccessError('Only owners, admins and marketers can sync templates.');
}

/** Writing, resubmitting and deleting templates is for the same people as syncing them. */
export function assertCanWriteTemplates(role: MemberRole): void {
  if (!canSyncTemplates(role)) throw new OrgAccessError('Only owners, admins and marketers can write templates.');
}
