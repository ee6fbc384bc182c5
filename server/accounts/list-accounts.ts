import { db } from '@/server/db';

/** The organization's sendable accounts, the default first, then by name. */
export function listAccounts(orgId: string) {
  return db.account.findMany({
    where: { orgId },
    include: { portfolio: { select: { wabaId: true, messagingLimit: true, messagingLimitTier: true, limitsSyncedAt: true } } },
    orderBy: [{ isDefaultOutgoing: 'desc' }, { name: 'asc' }],
  });
}
