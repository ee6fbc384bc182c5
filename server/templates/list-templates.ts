import { afterNewestFirst, decodeCursor, toPage } from '@/server/api/paging';
import { db, type TemplateStatus } from '@/server/db';
import { presentTemplate, templateInclude } from './present-template';

export interface ListTemplatesOptions {
  limit: number;
  cursor?: string;
  status?: TemplateStatus;
  /** Exact template name (one name may exist in several languages and on several accounts). */
  name?: string;
  /** Account name. */
  account?: string;
}

/**
 * The organization's templates as last synced from the platform, newest first. Ordered by
 * creation rather than name or update time so a sync running during a walk moves nothing.
 */
export async function listTemplates(orgId: string, { limit, cursor, status, name, account }: ListTemplatesOptions) {
  const after = decodeCursor('templates', cursor);
  const rows = await db.template.findMany({
    where: {
      orgId,
      ...(status ? { status } : {}),
      ...(name ? { name } : {}),
      ...(account ? { account: { name: account } } : {}),
      ...afterNewestFirst('createdAt', after),
    },
    include: templateInclude,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
  });
  return toPage('templates', rows, limit, (row) => ({ at: row.createdAt, id: row.id }), presentTemplate);
}
