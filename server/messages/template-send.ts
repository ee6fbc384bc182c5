import { ApiError } from '@/server/errors/api-error';
import type { HeaderParameter, TemplateComponent, TemplatePayload } from '@/server/platform/send-body';
import type { Template } from '@/server/db';
import type { TemplateShape } from '@/server/templates/from-platform';

/**
 * Turns a send's template variables into the platform's template components, after checking
 * them against what the template declares: every declared variable is required (named or
 * positional), header variables are indexed apart from body ones, URL and copy-code buttons
 * need their value, and authentication templates fill their copy-code button from body
 * parameter "1". Returns the components and the filled text shown in the inbox and API.
 */
export interface TemplateForSend extends Pick<TemplateShape, 'category' | 'parameterFormat' | 'header' | 'body' | 'buttons'> {
  name: string;
  language: string;
}

/** A stored template as the builder takes it (its JSON columns hold the synced shape). */
export function templateForSend(template: Template): TemplateForSend {
  return {
    name: template.name,
    language: template.language,
    category: template.category,
    parameterFormat: template.parameterFormat,
    header: template.header as TemplateShape['header'],
    body: template.body as TemplateShape['body'],
    buttons: template.buttons as TemplateShape['buttons'],
  };
}

export interface TemplateVariables {
  parameters?: Record<string, string>;
  header_parameters?: Record<string, string>;
  button_parameters?: Record<string, string>;
}

/** A header media reference, already resolved to a platform media id or a link. */
export type HeaderMediaRef = { id: string } | { link: string; filename?: string };

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);

const variableList = (names: string[]) => names.map((name) => `{{${name}}}`).join(', ');

/**
 * The values of one part's declared variables (`parameters` for the body, `header_parameters`
 * for the header). A missing one is `missing_template_parameter` with param `parameters`, as
 * the contract fixes for every missing variable; the message says which part lacks which.
 */
function requireAll(
  template: TemplateForSend,
  declared: string[],
  given: Record<string, string> | undefined,
  field: 'parameters' | 'header_parameters',
) {
  const values = given ?? {};
  const part = field === 'parameters' ? 'body' : 'header';
  const missing = declared.filter((name) => values[name] === undefined || values[name] === '');
  if (missing.length > 0) {
    const variables = missing.length === 1 ? `variable ${variableList(missing)} is` : `variables ${variableList(missing)} are`;
    throw new ApiError(
      'missing_template_parameter',
      `The template \`${template.name}\`'s ${part} ${variables} missing. Its ${part} declares ${variableList(declared)}: give them in \`template.${field}\`.`,
      { param: 'parameters' },
    );
  }
  const unknown = Object.keys(values).filter((name) => !declared.includes(name));
  if (unknown.length > 0) {
    throw new ApiError(
      'invalid_parameter',
      `Template \`${template.name}\` has no ${part} variable \`${unknown[0]}\`` +
        (declared.length ? `; it expects ${declared.map((d) => `\`${d}\``).join(', ')}.` : '; it takes none.'),
      { param: `template.${field}.${unknown[0]}` },
    );
  }
  return values;
}

function textParams(template: TemplateForSend, declared: string[], values: Record<string, string>) {
  return declared.map((name) =>
    template.parameterFormat === 'NAMED'
      ? { type: 'text' as const, parameter_name: name, text: values[name] as string }
      : { type: 'text' as const, text: values[name] as string },
  );
}

export function buildTemplateSend(
  template: TemplateForSend,
  variables: TemplateVariables,
  headerMedia: HeaderMediaRef | undefined,
): { payload: TemplatePayload; content: string } {
  const components: TemplateComponent[] = [];
  const body = requireAll(template, template.body.variables, variables.parameters, 'parameters');
  let headerText = '';

  if (template.header?.format === 'TEXT') {
    const header = requireAll(template, template.header.variables, variables.header_parameters, 'header_parameters');
    if (template.header.variables.length)
      components.push({ type: 'header', parameters: textParams(template, template.header.variables, header) });
    headerText = fill(template.header.text ?? '', header);
  } else {
    requireAll(template, [], variables.header_parameters, 'header_parameters');
    if (template.header) {
      if (!headerMedia) {
        throw new ApiError(
          'missing_template_parameter',
          `Template \`${template.name}\` has a ${template.header.format} header: give \`template.header_media\`.`,
          {
            param: 'template.header_media',
          },
        );
      }
      const kind = template.header.format.toLowerCase() as 'image' | 'video' | 'document';
      components.push({ type: 'header', parameters: [{ type: kind, [kind]: headerMedia } as HeaderParameter] });
    } else if (headerMedia) {
      throw new ApiError('invalid_parameter', `Template \`${template.name}\` has no media header.`, { param: 'template.header_media' });
    }
  }

  if (template.body.variables.length) components.push({ type: 'body', parameters: textParams(template, template.body.variables, body) });
  components.push(...buttonComponents(template, body, variables.button_parameters ?? {}));

  const content = [headerText, fill(template.body.text, body)].filter(Boolean).join('\n');
  return { payload: { name: template.name, language: { code: template.language }, components }, content };
}

function buttonComponents(template: TemplateForSend, body: Record<string, string>, given: Record<string, string>): TemplateComponent[] {
  const known = new Set(template.buttons.map((b) => String(b.index)));
  const stray = Object.keys(given).find((index) => !known.has(index));
  if (stray !== undefined) {
    throw new ApiError('invalid_parameter', `Template \`${template.name}\` has no button at index ${stray}.`, {
      param: `template.button_parameters.${stray}`,
    });
  }
  const components: TemplateComponent[] = [];
  for (const button of template.buttons) {
    const index = String(button.index);
    const value = given[index];
    if (button.type === 'QUICK_REPLY') {
      if (value !== undefined)
        components.push({ type: 'button', sub_type: 'quick_reply', index, parameters: [{ type: 'payload', payload: value }] });
      continue;
    }
    // Authentication templates carry the code in body parameter "1" and repeat it on the button.
    const code = template.category === 'AUTHENTICATION' ? (value ?? body['1']) : value;
    if (button.type === 'URL' && !button.variable) continue;
    if (code === undefined || code === '') {
      throw new ApiError(
        'missing_template_parameter',
        `The template \`${template.name}\`'s ${button.type === 'URL' ? 'URL' : 'copy-code'} button ${index} variable is missing: give \`template.button_parameters.${index}\`.`,
        {
          param: 'parameters',
        },
      );
    }
    components.push(
      button.type === 'COPY_CODE' && template.category !== 'AUTHENTICATION'
        ? { type: 'button', sub_type: 'copy_code', index, parameters: [{ type: 'coupon_code', coupon_code: code }] }
        : { type: 'button', sub_type: 'url', index, parameters: [{ type: 'text', text: code }] },
    );
  }
  return components;
}
