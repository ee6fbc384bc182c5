import { db } from '@/server/db';

/** The organization's templates for the dashboard: by account, name and language, with when each was last synced. */
export async function listTemplateSummaries(orgId: string) {
  const rows = await db.template.findMany({
    where: { orgId },
    select: {
      id: true,
      name: true,
      language: true,
      category: true,
      status: true,
      statusReason: true,
      syncedAt: true,
      account: { select: { name: true } },
    },
    orderBy: [{ account: { name: 'asc' } }, { name: 'asc' }, { language: 'asc' }],
    take: 500,
  });
  return rows.map(({ account, ...template }) => ({ ...template, account: account.name }));
}
