import { healthChecked } from '@/server/accounts/account-health';
import { platformClientForPortfolio } from '@/server/accounts/platform-client';
import { db, Prisma } from '@/server/db';
import { newId } from '@/server/db/ids';
import type { JobData } from '@/server/queues';
import type { PlatformTemplate } from '@/server/seed/demo-world';
import { templateShapeFromPlatform } from './from-platform';

/**
 * Copies the templates of the account's business from the platform. Templates the platform no
 * longer lists are kept (messages refer to them) but marked DISABLED so they cannot be sent.
 */
export async function syncTemplatesJob(data: JobData<'maintenance', 'templates.sync'>): Promise<void> {
  const account = await db.account.findUnique({ where: { id: data.accountId }, include: { portfolio: true } });
  if (!account) return;
  const listed = (await healthChecked(account.id, async () =>
    (await platformClientForPortfolio(account.portfolioId)).listTemplates(account.portfolio.wabaId),
  )) as PlatformTemplate[] | null;
  if (!listed) return;
  const syncedAt = new Date();
  await db.$transaction(async (tx) => {
    for (const template of listed) {
      const shape = templateShapeFromPlatform(template);
      const fields = {
        platformTemplateId: template.id,
        category: shape.category,
        status: shape.status,
        parameterFormat: shape.parameterFormat,
        header: shape.header ?? Prisma.DbNull,
        body: shape.body,
        buttons: shape.buttons,
        components: template.components as object[],
        syncedAt,
      };
      await tx.template.upsert({
        where: { accountId_name_language: { accountId: account.id, name: template.name, language: template.language } },
        create: {
          id: newId('template'),
          orgId: account.orgId,
          accountId: account.id,
          name: template.name,
          language: template.language,
          ...fields,
        },
        update: fields,
      });
    }
    await tx.template.updateMany({
      where: { accountId: account.id, syncedAt: { lt: syncedAt } },
      data: { status: 'DISABLED' },
    });
  });
}
