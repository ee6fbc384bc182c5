import { platformClientForPortfolio } from '@/server/accounts/platform-client';
import { db, Prisma } from '@/server/db';
import { ApiError } from '@/server/errors/api-error';
import type { PlatformTemplate } from '@/server/seed/demo-world';
import { checkTemplateInput } from './check-template-input';
import { newTemplateRow } from './from-platform';
import { headerSampleHandle } from './header-sample';
import { presentTemplate, templateInclude } from './present-template';
import { templateAccount } from './template-account';
import { platformComponentsOf } from './template-components';
import type { TemplateInput } from './template-input';
import { templateRefusalOf } from './template-refusal';

/**
 * Writes a template and submits it to the platform for review (docs/messaging-api.md §11). Its
 * business's numbers all get it (the platform keeps templates per business account, as the sync
 * does); the review's decision arrives later as `template.status_updated`.
 */
export async function createTemplate(orgId: string, input: TemplateInput) {
  checkTemplateInput(input);
  const account = await templateAccount(orgId, input.account);
  await refuseTakenName(account.portfolioId, input);

  let created: { id: string; status: string; category: string };
  let components: object[];
  try {
    const client = await platformClientForPortfolio(account.portfolioId);
    components = platformComponentsOf(input, await headerSampleHandle(client, input));
    created = await client.createTemplate(account.portfolio.wabaId, {
      name: input.name,
      language: input.language,
      category: input.category,
      parameter_format: input.parameter_format === 'NAMED' ? 'named' : 'positional',
      components,
    });
  } catch (error) {
    throw await templateRefusalOf(error, account.id);
  }

  const platformTemplate = {
    id: created.id,
    name: input.name,
    language: input.language,
    status: created.status,
    category: created.category,
    parameter_format: input.parameter_format,
    components,
  } as PlatformTemplate;
  const accounts = await db.account.findMany({ where: { orgId, portfolioId: account.portfolioId }, select: { id: true } });
  try {
    const rows = await db.$transaction(async (tx) => {
      const made = accounts.map(({ id }) => newTemplateRow(platformTemplate, { orgId, accountId: id }));
      await tx.template.createMany({ data: made });
      return made;
    });
    const mine = rows.find((row) => row.accountId === account.id) ?? rows[0];
    return presentTemplate(await db.template.findUniqueOrThrow({ where: { id: mine!.id }, include: templateInclude }));
  } catch (error) {
    // A sync that ran between the platform's answer and here already copied it.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      const synced = await db.template.findFirstOrThrow({
        where: { accountId: account.id, name: input.name, language: input.language },
        include: templateInclude,
      });
      return presentTemplate(synced);
    }
    throw error;
  }
}

async function refuseTakenName(portfolioId: string, input: TemplateInput): Promise<void> {
  const taken = await db.template.findFirst({
    where: { name: input.name, language: input.language, account: { portfolioId } },
    select: { id: true, status: true },
  });
  if (taken) {
    throw new ApiError(
      'template_exists',
      `A template named \`${input.name}\` in \`${input.language}\` already exists for this business (${taken.id}, ${taken.status}). Choose another name, or edit that template.`,
      { param: 'name' },
    );
  }
}
