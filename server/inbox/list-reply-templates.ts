import { db } from '@/server/db';
import type { TemplateShape } from '@/server/templates/from-platform';

/**
 * Templates the composer can send outside the window: APPROVED ones of the conversation's
 * account. Media-header templates need a file, which the inbox cannot attach yet.
 */
export async function listReplyTemplates(orgId: string, accountId: string | null) {
  const rows = await db.template.findMany({
    where: { orgId, status: 'APPROVED', ...(accountId ? { accountId } : {}) },
    select: { id: true, name: true, language: true, category: true, parameterFormat: true, header: true, body: true, buttons: true },
    orderBy: [{ name: 'asc' }, { language: 'asc' }],
    take: 200,
  });
  return rows
    .map((row) => ({
      ...row,
      header: row.header as TemplateShape['header'],
      body: row.body as TemplateShape['body'],
      buttons: row.buttons as TemplateShape['buttons'],
    }))
    .filter((template) => !template.header || template.header.format === 'TEXT');
}

export type ReplyTemplate = Awaited<ReturnType<typeof listReplyTemplates>>[number];
