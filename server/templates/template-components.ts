import type { PlatformTemplate } from '@/server/seed/demo-world';
import { placeholders, type TemplateInput, type TemplateInputDraft } from './template-input';

type Component = Record<string, unknown>;

/**
 * The platform's `components` for a template written here (its template management API): the
 * examples go where the platform wants them for the parameter format, a media header carries the
 * handle of its uploaded sample.
 */
export function platformComponentsOf(input: TemplateInput, headerHandle?: string): Component[] {
  const named = input.parameter_format === 'NAMED';
  const components: Component[] = [];
  const { header, body, footer, buttons } = input;

  if (header?.format === 'TEXT') {
    const variable = placeholders(header.text ?? '')[0];
    const example = variable && header.example ? header.example : undefined;
    components.push({
      type: 'HEADER',
      format: 'TEXT',
      text: header.text,
      ...(example && variable
        ? { example: named ? { header_text_named_params: [{ param_name: variable, example }] } : { header_text: [example] } }
        : {}),
    });
  } else if (header) {
    components.push({ type: 'HEADER', format: header.format, example: { header_handle: [headerHandle ?? ''] } });
  }

  if (input.category === 'AUTHENTICATION') {
    components.push({ type: 'BODY', add_security_recommendation: body.add_security_recommendation ?? false });
    if (footer?.code_expiration_minutes !== undefined)
      components.push({ type: 'FOOTER', code_expiration_minutes: footer.code_expiration_minutes });
  } else {
    const variables = placeholders(body.text ?? '');
    const examples = named
      ? { body_text_named_params: variables.map((name) => ({ param_name: name, example: body.examples[name] })) }
      : { body_text: [[...variables].sort((a, b) => Number(a) - Number(b)).map((name) => body.examples[name])] };
    components.push({ type: 'BODY', text: body.text, ...(variables.length ? { example: examples } : {}) });
    if (footer?.text) components.push({ type: 'FOOTER', text: footer.text });
  }

  if (buttons.length > 0) components.push({ type: 'BUTTONS', buttons: buttons.map(platformButtonOf) });
  return components;
}

function platformButtonOf(button: TemplateInput['buttons'][number]): Component {
  switch (button.type) {
    case 'URL':
      return { type: 'URL', text: button.text, url: button.url, ...(button.example ? { example: [button.example] } : {}) };
    case 'PHONE_NUMBER':
      return { type: 'PHONE_NUMBER', text: button.text, phone_number: button.phone_number };
    case 'COPY_CODE':
      return { type: 'COPY_CODE', example: button.example };
    case 'OTP':
      return { type: 'OTP', otp_type: 'copy_code', ...(button.text ? { text: button.text } : {}) };
    default:
      return { type: 'QUICK_REPLY', text: button.text };
  }
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * The builder's input for an existing template, read back from its components: what editing
 * and "copy into another language" start from. A media header's sample is not kept by the
 * platform in a form it accepts again, so the builder asks for it anew.
 */
export function templateInputOf(
  template: Pick<PlatformTemplate, 'name' | 'language' | 'category' | 'parameter_format' | 'components'>,
): TemplateInputDraft {
  const input: TemplateInputDraft = {
    name: template.name,
    language: template.language,
    category: template.category,
    parameter_format: template.parameter_format,
    body: { examples: {} },
    buttons: [],
  };
  for (const raw of template.components as unknown[]) {
    if (!isObj(raw)) continue;
    const example = isObj(raw.example) ? raw.example : {};
    if (raw.type === 'HEADER') {
      const format = str(raw.format);
      if (format === 'TEXT') {
        const named =
          Array.isArray(example.header_text_named_params) && isObj(example.header_text_named_params[0])
            ? example.header_text_named_params[0]
            : {};
        const value = Array.isArray(example.header_text) ? str(example.header_text[0]) : str(named.example);
        input.header = { format: 'TEXT', text: str(raw.text) ?? '', ...(value ? { example: value } : {}) };
      } else if (format === 'IMAGE' || format === 'VIDEO' || format === 'DOCUMENT') input.header = { format };
    } else if (raw.type === 'BODY') {
      input.body = { examples: bodyExamplesOf(str(raw.text) ?? '', example) };
      if (template.category === 'AUTHENTICATION') input.body.add_security_recommendation = raw.add_security_recommendation === true;
      else input.body.text = str(raw.text) ?? '';
    } else if (raw.type === 'FOOTER') {
      if (typeof raw.code_expiration_minutes === 'number') input.footer = { code_expiration_minutes: raw.code_expiration_minutes };
      else if (str(raw.text) && template.category !== 'AUTHENTICATION') input.footer = { text: str(raw.text) };
    } else if (raw.type === 'BUTTONS' && Array.isArray(raw.buttons)) {
      input.buttons = raw.buttons.filter(isObj).map((b) => buttonInputOf(b, template.category));
    }
  }
  return input;
}

function bodyExamplesOf(text: string, example: Obj): Record<string, string> {
  const examples: Record<string, string> = {};
  if (Array.isArray(example.body_text_named_params)) {
    for (const p of example.body_text_named_params)
      if (isObj(p) && str(p.param_name) && str(p.example)) examples[p.param_name as string] = p.example as string;
  } else if (Array.isArray(example.body_text) && Array.isArray(example.body_text[0])) {
    const positions = placeholders(text).sort((a, b) => Number(a) - Number(b));
    (example.body_text[0] as unknown[]).forEach((value, i) => {
      const name = positions[i];
      if (name && str(value)) examples[name] = value as string;
    });
  }
  return examples;
}

function buttonInputOf(button: Obj, category: string): TemplateInputDraft['buttons'] extends Array<infer B> | undefined ? B : never {
  const type = str(button.type);
  const text = str(button.text);
  // The platform lists an authentication template's OTP button as a URL button.
  if (type === 'OTP' || (category === 'AUTHENTICATION' && type === 'URL')) return { type: 'OTP', ...(text ? { text } : {}) };
  if (type === 'URL') {
    const example = Array.isArray(button.example) ? str(button.example[0]) : undefined;
    return { type: 'URL', text: text ?? '', url: str(button.url) ?? '', ...(example ? { example } : {}) };
  }
  if (type === 'PHONE_NUMBER') return { type: 'PHONE_NUMBER', text: text ?? '', phone_number: str(button.phone_number) ?? '' };
  if (type === 'COPY_CODE') return { type: 'COPY_CODE', ...(str(button.example) ? { example: str(button.example) } : {}) };
  return { type: 'QUICK_REPLY', text: text ?? '' };
}
