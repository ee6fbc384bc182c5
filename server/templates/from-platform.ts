import type { ParameterFormat, TemplateCategory, TemplateStatus } from '@/server/db';
import { newId } from '@/server/db/ids';
import type { PlatformTemplate } from '@/server/seed/demo-world';
import { placeholders } from './template-input';

/** The service's view of a template (docs/messaging-api.md §8), derived from the platform's components. */
export interface TemplateShape {
  category: TemplateCategory;
  status: TemplateStatus;
  parameterFormat: ParameterFormat;
  header: { format: 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT'; text?: string; variables: string[] } | null;
  body: { text: string; variables: string[] };
  buttons: Array<{ index: number; type: 'QUICK_REPLY' | 'URL' | 'COPY_CODE'; text: string; variable?: string }>;
}

/** The text the platform writes for an authentication template's body. */
function authenticationBody(component: { add_security_recommendation?: boolean }): string {
  return `{{1}} is your verification code.${component.add_security_recommendation ? ' For your security, do not share this code.' : ''}`;
}

const knownStatuses = new Set<TemplateStatus>(['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED']);

export function templateShapeFromPlatform(template: PlatformTemplate): TemplateShape {
  let header: TemplateShape['header'] = null;
  let body: TemplateShape['body'] = { text: '', variables: [] };
  const buttons: TemplateShape['buttons'] = [];
  for (const component of template.components) {
    if (component.type === 'HEADER') {
      const text = 'text' in component ? component.text : undefined;
      header = { format: component.format, ...(text ? { text } : {}), variables: text ? placeholders(text) : [] };
    } else if (component.type === 'BODY') {
      // An authentication template is submitted without text; the platform writes it.
      const text = component.text ?? (template.category === 'AUTHENTICATION' ? authenticationBody(component) : '');
      body = { text, variables: placeholders(text) };
    } else if (component.type === 'BUTTONS') {
      component.buttons.forEach((button, index) => {
        if (button.type === 'QUICK_REPLY') buttons.push({ index, type: 'QUICK_REPLY', text: button.text });
        else if (button.type === 'OTP') buttons.push({ index, type: 'COPY_CODE', text: button.text ?? 'Copy code', variable: '1' });
        else if (button.type === 'COPY_CODE') buttons.push({ index, type: 'COPY_CODE', text: 'Copy code', variable: '1' });
        else if (button.type === 'URL') {
          // Authentication templates' copy-code buttons are listed by the platform as URL buttons.
          const type = template.category === 'AUTHENTICATION' ? 'COPY_CODE' : 'URL';
          const variable = placeholders(button.url)[0];
          buttons.push({ index, type, text: button.text, ...(variable ? { variable } : {}) });
        }
      });
    }
  }
  return {
    category: template.category,
    // Statuses the service does not model (e.g. PENDING_DELETION) cannot be sent: treat as DISABLED.
    status: knownStatuses.has(template.status) ? template.status : 'DISABLED',
    parameterFormat: template.parameter_format,
    header,
    body,
    buttons,
  };
}

/** A new template row of the account, from the platform's copy of the template. */
export function newTemplateRow(template: PlatformTemplate, owner: { orgId: string; accountId: string }) {
  const shape = templateShapeFromPlatform(template);
  return {
    id: newId('template'),
    orgId: owner.orgId,
    accountId: owner.accountId,
    platformTemplateId: template.id,
    name: template.name,
    language: template.language,
    category: shape.category,
    status: shape.status,
    parameterFormat: shape.parameterFormat,
    header: shape.header ?? undefined,
    body: shape.body,
    buttons: shape.buttons,
    components: template.components as object[],
  };
}
