import { platformClientForPortfolio } from '@/server/accounts/platform-client';
import { db, Prisma } from '@/server/db';
import { ApiError } from '@/server/errors/api-error';
import type { PlatformTemplate } from '@/server/seed/demo-world';
import { checkTemplateInput } from './check-template-input';
import { templateShapeFromPlatform } from './from-platform';
import { findTemplate } from './get-template';
import { presentTemplate, templateInclude } from './present-template';
import { templateAccount } from './template-account';
import { platformComponentsOf } from './template-components';
import type { TemplateInput } from './template-input';
import { headerSampleHandle } from './header-sample';
import { templateRefusalOf } from './template-refusal';

/** The platform takes edits of templates it has decided on, and not while it reviews one. */
const editable = new Set(['APPROVED', 'REJECTED', 'PAUSED']);

/**
 * New content for a template, sent back to the platform's review (a rejected template fixed,
 * an approved one changed). Name, language and parameter format stay: another language is a copy.
 */
export async function resubmitTemplate(orgId: string, id: string, input: TemplateInput) {
  const template = await findTemplate(orgId, id);
  if (input.name !== template.name)
    throw new ApiError('invalid_parameter', 'A template keeps its name; copy it to use another.', { param: 'name' });
  if (input.language !== template.language) {
    throw new ApiError('invalid_parameter', 'A template keeps its language; copy it into another language instead.', { param: 'language' });
  }
  if (input.parameter_format !== template.parameterFormat) {
    throw new ApiError('invalid_parameter', 'A template keeps its parameter format.', { param: 'parameter_format' });
  }
  checkTemplateInput(input);
  if (!editable.has(template.status)) {
    throw new ApiError('template_refused', `The template is ${template.status}: it can be edited once the platform has decided on it.`);
  }
  if (template.status === 'APPROVED' && input.category !== template.category) {
    throw new ApiError('invalid_parameter', "The category of an approved template can't be changed.", { param: 'category' });
  }
  const account = await templateAccount(orgId, template.account.name);
  let components: object[];
  try {
    const client = await platformClientForPortfolio(account.portfolioId);
    components = platformComponentsOf(input, await headerSampleHandle(client, input));
    await client.editTemplate(template.platformTemplateId, {
      ...(input.category !== template.category ? { category: input.category } : {}),
      components,
    });
  } catch (error) {
    throw await templateRefusalOf(error, account.id);
  }
  const shape = templateShapeFromPlatform({
    id: template.platformTemplateId,
    name: template.name,
    language: template.language,
    status: 'PENDING',
    category: input.category,
    parameter_format: input.parameter_format,
    components,
  } as PlatformTemplate);
  await db.template.updateMany({
    where: { orgId, platformTemplateId: template.platformTemplateId, account: { portfolioId: account.portfolioId } },
    data: {
      status: 'PENDING',
      statusReason: null,
      statusDetail: null,
      category: shape.category,
      header: shape.header ?? Prisma.DbNull,
      body: shape.body,
      buttons: shape.buttons,
      components,
    },
  });
  return presentTemplate(await db.template.findUniqueOrThrow({ where: { id }, include: templateInclude }));
}
