import { ApiError } from '@/server/errors/api-error';
import type { Prisma, Template } from '@/server/db';
import { buildTemplateSend, templateForSend, type TemplateForSend } from '@/server/messages/template-send';

/** The platform request body and inbox text of one recipient's message; throws what `buildTemplateSend` throws. */
export function buildCampaignMessage(template: TemplateForSend, parameters: Record<string, string>) {
  const built = buildTemplateSend(template, { parameters }, undefined);
  return { platformBody: { type: 'template', template: built.payload as unknown as Prisma.InputJsonObject }, content: built.content };
}

/**
 * Campaign recipients carry body variables only, so a template that also needs a media header
 * or a button value could never be sent: refused when the campaign is created.
 */
export function assertCampaignCompatible(template: TemplateForSend, param: string) {
  const filled = Object.fromEntries(template.body.variables.map((name) => [name, 'x']));
  try {
    buildTemplateSend(template, { parameters: filled }, undefined);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new ApiError(
      'invalid_parameter',
      `Template \`${template.name}\` cannot be used for a campaign: ${error.message} Campaign recipients supply body variables only.`,
      { param },
    );
  }
}

/** A campaign (created or edited) sends one APPROVED template its recipients can fill. */
export function assertCampaignTemplateUsable(template: Template, param: string) {
  if (template.status !== 'APPROVED') {
    throw new ApiError(
      'template_not_approved',
      `Template \`${template.name}\` is ${template.status}, not APPROVED; a campaign can only send an approved template.`,
      { param },
    );
  }
  assertCampaignCompatible(templateForSend(template), param);
}

/** Checks one recipient's variables against the template, naming the entry (`recipients[i]`, or the given label) on failure. */
export function validateRecipientParameters(template: TemplateForSend, parameters: Record<string, string>, index: number, label?: string) {
  try {
    buildTemplateSend(template, { parameters }, undefined);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new ApiError(error.code, `${label ?? `recipients[${index}]`}: ${error.message}`, { param: `recipients[${index}].parameters` });
  }
}
