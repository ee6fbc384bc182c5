import type { Template } from '@/server/db';
import type { TemplateShape } from './from-platform';

export type TemplateWithAccount = Template & { account: { name: string } };

/** Every query that presents templates includes the account's name. */
export const templateInclude = { account: { select: { name: true } } } as const;

/** The Template resource of the API (docs/messaging-api.md §8), from the shape stored by the sync. */
export function presentTemplate(template: TemplateWithAccount) {
  const header = template.header as TemplateShape['header'];
  const body = template.body as TemplateShape['body'];
  const buttons = template.buttons as TemplateShape['buttons'];
  return {
    id: template.id,
    name: template.name,
    language: template.language,
    category: template.category,
    status: template.status,
    status_reason: template.statusReason,
    status_detail: template.statusDetail,
    account: template.account.name,
    parameter_format: template.parameterFormat,
    header: header ? { format: header.format, variables: header.variables } : null,
    body: { text: body.text, variables: body.variables },
    buttons: buttons.map((b) => ({ index: b.index, type: b.type, text: b.text, ...(b.variable ? { variable: b.variable } : {}) })),
    updated_at: template.updatedAt.toISOString(),
  };
}
