import { db, type MemberRole } from '@/server/db';
import { OrgAccessError } from '@/server/errors/org-access-error';
import { enqueue } from '@/server/queues';
import { assertCanSyncTemplates } from './template-sync-permission';

/**
 * Asks the worker to copy the templates of one account of the organization, or of all of them,
 * from the platform. The job id holds the minute, so a double click (or two people clicking)
 * queues one sync per account and minute.
 */
export async function requestTemplateSync(orgId: string, accountId?: string): Promise<{ accounts: number }> {
  const accounts = await db.account.findMany({
    where: { orgId, ...(accountId ? { id: accountId } : {}) },
    select: { id: true },
  });
  if (accountId && accounts.length === 0) throw new OrgAccessError('No such account in this organization.');
  const minute = Math.floor(Date.now() / 60_000);
  await Promise.all(
    accounts.map((account) =>
      enqueue('maintenance', 'templates.sync', { accountId: account.id }, { jobId: `templates.sync-${account.id}-${minute}` }),
    ),
  );
  return { accounts: accounts.length };
}

/** The dashboard's "Sync now", for members whose role may sync templates. */
export function requestTemplateSyncAsMember(orgId: string, role: MemberRole, accountId?: string): Promise<{ accounts: number }> {
  assertCanSyncTemplates(role);
  return requestTemplateSync(orgId, accountId);
}
