import { randomInt } from 'node:crypto';
import type { PlatformTemplate } from '../server/seed/demo-world';
import type { SimContext } from './context';
import { GraphError } from './graph-error';
import { parseJson } from './http';
import type { Waba } from './state';
import { placeholders } from './template-rules';
import { templateStatusWebhook } from './webhook-events';

/**
 * Templates made through the API: create (validated like the platform), edit, delete, and the
 * review that turns a PENDING template APPROVED or REJECTED after the review delay, with the
 * status webhook either way.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
const COMPONENT_TYPES = ['HEADER', 'BODY', 'FOOTER', 'BUTTONS'];
const HEADER_FORMATS = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT', 'LOCATION'];
const BUTTON_TYPES = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'COPY_CODE', 'OTP', 'VOICE_CALL', 'FLOW', 'MPM', 'CATALOG'];
/** Templates per WABA of an unverified business. */
const MAX_TEMPLATES = 250;
/** An approved template's name and language stay taken this long after it is deleted. */
const NAME_REUSE_MS = 30 * 24 * 3600_000;

/** Template ids are numeric strings, unique enough among the simulator's. */
export const freshTemplateId = () => `${randomInt(1, 10)}${randomInt(10_000_000, 99_999_999)}${randomInt(100_000, 999_999)}`;

/** The platform's creation errors are code 100 with a subcode naming the rule. */
const templateError = (subcode: number, details: string, userTitle: string) =>
  new GraphError(100, 'Invalid parameter', details, 400, { subcode, userTitle, userMessage: details });
const invalid = (details: string) => templateError(2388072, details, 'Invalid template');

/** Review bookkeeping kept beside the template (the listing returns templates as stored). */
const reviews = new WeakMap<PlatformTemplate, number>();
/** Deleted approved templates per WABA: `name:language` -> when. */
const deletedNames = new WeakMap<Waba, Map<string, number>>();

/** `POST /{v}/{waba_id}/message_templates` → `{id, status: "PENDING", category}`. */
export function createTemplate(ctx: SimContext, wabaId: string, raw: Buffer) {
  const waba = ctx.state.waba(wabaId);
  const body = parseJson(raw);
  if (!isObj(body)) throw invalid('Request body must be a JSON object');
  const name = body.name;
  if (typeof name !== 'string' || !/^[a-z0-9_]{1,512}$/.test(name)) {
    throw templateError(
      2388072,
      'Template name may contain only lowercase letters, digits and underscores (at most 512)',
      'Invalid template name',
    );
  }
  const language = body.language;
  if (typeof language !== 'string' || !/^[a-z]{2,3}(_[A-Z]{2,4})?$/.test(language))
    throw invalid('Param language must be a language code such as en_US');
  const category = checkCategory(body.category);
  const format = checkParameterFormat(body.parameter_format);
  const components = asListed(checkComponents(body.components, format, category), category);
  if (waba.templates.some((t) => t.name === name && t.language === language)) {
    throw templateError(
      2388024,
      `There is already ${language} content for this template. You can create a new template and try again.`,
      'Content in this language already exists',
    );
  }
  const deletedAt = deletedNames.get(waba)?.get(`${name}:${language}`);
  if (deletedAt !== undefined && Date.now() - deletedAt < NAME_REUSE_MS) {
    throw templateError(
      2388023,
      `New ${language} content can't be added while the existing ${language} content is being deleted. Try again in 4 weeks or create a template with another name.`,
      'Message template language is being deleted',
    );
  }
  if (waba.templates.length >= MAX_TEMPLATES) {
    throw templateError(
      2388019,
      `This WhatsApp Business account already has ${MAX_TEMPLATES} message templates`,
      'Message template limit reached',
    );
  }
  const template = {
    id: freshTemplateId(),
    name,
    language,
    status: 'PENDING',
    category,
    parameter_format: format,
    components,
  } as PlatformTemplate;
  waba.templates.push(template);
  review(ctx, waba, template);
  return { id: template.id, status: template.status, category: template.category };
}

/** `POST /{v}/{template_id}`: new components (and category) go back to review. */
export function editTemplate(ctx: SimContext, found: { waba: Waba; template: PlatformTemplate }, raw: Buffer) {
  const { waba, template } = found;
  const body = parseJson(raw);
  if (!isObj(body)) throw invalid('Request body must be a JSON object');
  if (!['APPROVED', 'REJECTED', 'PAUSED'].includes(template.status)) {
    throw new GraphError(100, 'Invalid parameter', `Message template can't be edited in status ${template.status}`);
  }
  const category = body.category === undefined ? template.category : checkCategory(body.category);
  if (template.status === 'APPROVED' && category !== template.category) {
    throw new GraphError(100, 'Invalid parameter', "The category of an approved template can't be changed");
  }
  if (body.components === undefined && body.category === undefined) throw invalid('Give components or category to edit');
  const components =
    body.components === undefined
      ? template.components
      : asListed(checkComponents(body.components, template.parameter_format, category), category);
  Object.assign(template, { category, components, status: 'PENDING' });
  review(ctx, waba, template);
  return { success: true };
}

/** `DELETE /{v}/{waba_id}/message_templates?name=…[&hsm_id=…]`: every language, or the one id. */
export function deleteTemplates(ctx: SimContext, wabaId: string, url: URL) {
  const waba = ctx.state.waba(wabaId);
  const name = url.searchParams.get('name');
  const hsmId = url.searchParams.get('hsm_id');
  if (!name) throw new GraphError(100, 'Invalid parameter', 'Param name is required');
  const matching = waba.templates.filter((t) => t.name === name && (!hsmId || t.id === hsmId));
  if (matching.length === 0) throw new GraphError(100, 'Invalid parameter', `Message template ${name}${hsmId ? ` (${hsmId})` : ''} not found`);
  const disabled = matching.find((t) => t.status === 'DISABLED');
  if (disabled) throw new GraphError(100, 'Invalid parameter', `Disabled message template ${name} (${disabled.language}) can't be deleted`);
  const deleted = deletedNames.get(waba) ?? new Map<string, number>();
  deletedNames.set(waba, deleted);
  for (const t of matching) if (t.status === 'APPROVED') deleted.set(`${t.name}:${t.language}`, Date.now());
  waba.templates = waba.templates.filter((t) => !matching.includes(t));
  return { success: true };
}

function review(ctx: SimContext, waba: Waba, template: PlatformTemplate): void {
  const round = (reviews.get(template) ?? 0) + 1;
  reviews.set(template, round);
  ctx.after(ctx.app.templateReviewMs, () => {
    if (reviews.get(template) !== round || template.status !== 'PENDING' || !waba.templates.includes(template)) return;
    const problem = formatProblem(template);
    template.status = problem ? 'REJECTED' : 'APPROVED';
    const rejection = problem ? { reason: 'INVALID_FORMAT', recommendation: problem } : undefined;
    ctx.webhooks.send(templateStatusWebhook(waba.id, template, template.status, rejection));
  });
}

/** Body rules the review rejects on (INVALID_FORMAT). */
export function formatProblem(template: PlatformTemplate): string | undefined {
  const body = template.components.find((c) => c.type === 'BODY');
  const text = body && 'text' in body && typeof body.text === 'string' ? body.text.trim() : '';
  if (!text) return undefined;
  if (/^\{\{[^}]*\}\}/.test(text)) return 'The body must not start with a variable.';
  if (/\{\{[^}]*\}\}$/.test(text)) return 'The body must not end with a variable.';
  if (/\}\}\s*\{\{/.test(text)) return 'Variables must not be next to each other; put words between them.';
  if (template.parameter_format === 'POSITIONAL') {
    const numbers = placeholders(text).map(Number);
    const sorted = [...numbers].sort((a, b) => a - b);
    if (sorted.some((n, i) => n !== i + 1)) return 'Variables must be numbered in sequence from {{1}}.';
  }
  return undefined;
}

/**
 * The platform writes an authentication template's text: it is submitted as options
 * (`add_security_recommendation`, `code_expiration_minutes`, an OTP button) and listed as text
 * with the copy-code button as a URL button.
 */
function asListed(components: PlatformTemplate['components'], category: string): PlatformTemplate['components'] {
  if (category !== 'AUTHENTICATION') return components;
  return components.map((c) => {
    if (c.type === 'BODY' && c.text === undefined) {
      const advice = 'add_security_recommendation' in c && c.add_security_recommendation ? ' For your security, do not share this code.' : '';
      return { type: 'BODY', text: `{{1}} is your verification code.${advice}`, example: { body_text: [['123456']] } };
    }
    if (c.type === 'FOOTER' && 'code_expiration_minutes' in c)
      return { type: 'FOOTER', text: `This code expires in ${c.code_expiration_minutes} minutes.` };
    if (c.type === 'BUTTONS') {
      return {
        type: 'BUTTONS',
        buttons: c.buttons.map((b) =>
          b.type === 'OTP'
            ? { type: 'URL', text: b.text ?? 'Copy code', url: 'https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE&code=otp{{1}}' }
            : b,
        ),
      };
    }
    return c;
  });
}

function checkCategory(value: unknown): PlatformTemplate['category'] {
  const upper = typeof value === 'string' ? value.toUpperCase() : '';
  const category = CATEGORIES.find((c) => c === upper);
  if (!category) throw invalid(`Param category must be one of {${CATEGORIES.join(', ')}}`);
  return category;
}

function checkParameterFormat(value: unknown): PlatformTemplate['parameter_format'] {
  if (value === undefined) return 'POSITIONAL';
  const upper = typeof value === 'string' ? value.toUpperCase() : '';
  if (upper !== 'NAMED' && upper !== 'POSITIONAL') throw invalid('Param parameter_format must be one of {named, positional}');
  return upper;
}

function checkComponents(value: unknown, format: PlatformTemplate['parameter_format'], category: string): PlatformTemplate['components'] {
  if (!Array.isArray(value) || value.length === 0) throw invalid('Param components must be a non-empty array');
  const components = value.map((c): Obj => {
    if (!isObj(c) || typeof c.type !== 'string' || !COMPONENT_TYPES.includes(c.type.toUpperCase())) {
      throw invalid(`Component type must be one of {${COMPONENT_TYPES.join(', ')}}`);
    }
    return { ...c, type: c.type.toUpperCase() };
  });
  for (const type of COMPONENT_TYPES) {
    if (components.filter((c) => c.type === type).length > 1) throw invalid(`Only one ${type} component is allowed`);
  }
  const body = components.find((c) => c.type === 'BODY');
  if (!body) throw invalid('A BODY component is required');
  if (category === 'AUTHENTICATION') {
    if (components.some((c) => c.type === 'HEADER')) throw templateError(2388047, 'Authentication templates have no header', 'Invalid header');
  } else checkText(body, 'BODY', 1024, 2388072, format);
  for (const c of components) {
    if (c.type === 'HEADER') checkHeader(c, format);
    if (c.type === 'FOOTER' && category !== 'AUTHENTICATION') {
      checkText(c, 'FOOTER', 60, 2388073, format);
      if (placeholders(c.text as string).length) throw templateError(2388073, 'The footer cannot have variables', 'Invalid footer');
    }
    if (c.type === 'BUTTONS') checkButtons(c, category);
  }
  return components as unknown as PlatformTemplate['components'];
}

function checkText(c: Obj, label: string, max: number, subcode: number, format: PlatformTemplate['parameter_format']): void {
  if (typeof c.text !== 'string' || c.text.trim() === '')
    throw templateError(subcode, `${label} text is required`, `Invalid ${label.toLowerCase()}`);
  if (c.text.length > max) throw templateError(2388040, `${label} text is longer than ${max} characters`, 'Character limit exceeded');
  checkVariables(c, label, format);
}

/** Variables follow the parameter format and come with the examples the platform requires. */
function checkVariables(c: Obj, label: string, format: PlatformTemplate['parameter_format']): void {
  const names = placeholders(c.text as string);
  if (names.length === 0) return;
  const named = format === 'NAMED';
  if (names.some((n) => (named ? !/^[a-z][a-z0-9_]*$/.test(n) : !/^\d+$/.test(n)))) {
    throw invalid(
      `${label} variables must be ${named ? 'lowercase names like {{first_name}}' : 'numbers like {{1}}'} for parameter_format ${format}`,
    );
  }
  const example = isObj(c.example) ? c.example : {};
  const prefix = label === 'HEADER' ? 'header_text' : 'body_text';
  const given = named ? namedExamples(example[`${prefix}_named_params`], names) : positionalExamples(example[prefix], label === 'HEADER');
  if (given < names.length) {
    throw templateError(
      2388072,
      `${label} has ${names.length} variable(s) but example.${prefix}${named ? '_named_params' : ''} gives ${given}`,
      'Example values are missing',
    );
  }
}

function checkHeader(c: Obj, format: PlatformTemplate['parameter_format']): void {
  const headerFormat = typeof c.format === 'string' ? c.format.toUpperCase() : '';
  if (!HEADER_FORMATS.includes(headerFormat))
    throw templateError(2388047, `HEADER format must be one of {${HEADER_FORMATS.join(', ')}}`, 'Invalid header');
  c.format = headerFormat;
  if (headerFormat === 'TEXT') {
    checkText(c, 'HEADER', 60, 2388047, format);
    if (placeholders(c.text as string).length > 1) throw templateError(2388047, 'A text header can have at most one variable', 'Invalid header');
  } else if (headerFormat !== 'LOCATION') {
    const handles = isObj(c.example) ? c.example.header_handle : undefined;
    if (!Array.isArray(handles) || handles.length === 0) {
      throw templateError(2388047, `A ${headerFormat} header needs example.header_handle`, 'Invalid header');
    }
  }
}

function checkButtons(c: Obj, category: string): void {
  const buttons = c.buttons;
  if (!Array.isArray(buttons) || buttons.length === 0 || buttons.length > 10) throw invalid('BUTTONS needs 1 to 10 buttons');
  const count = (type: string) => buttons.filter((b) => isObj(b) && b.type === type).length;
  for (const b of buttons) {
    const type = isObj(b) && typeof b.type === 'string' ? b.type.toUpperCase() : '';
    if (!BUTTON_TYPES.includes(type)) throw invalid(`Button type must be one of {${BUTTON_TYPES.join(', ')}}`);
    const button = b as Obj;
    button.type = type;
    if (type === 'OTP' && category !== 'AUTHENTICATION') throw invalid('OTP buttons are for AUTHENTICATION templates');
    if (!['OTP', 'COPY_CODE'].includes(type) && (typeof button.text !== 'string' || !button.text || button.text.length > 25)) {
      throw templateError(2388040, `${type} button text is required, at most 25 characters`, 'Invalid button');
    }
    if (type === 'URL') {
      if (typeof button.url !== 'string' || !/^https?:\/\/\S+$/.test(button.url) || button.url.length > 2000)
        throw invalid('URL button needs a url');
      if (placeholders(button.url).length > 0 && !(Array.isArray(button.example) && button.example.length > 0)) {
        throw invalid('A URL button with a variable needs an example');
      }
    }
    if (type === 'PHONE_NUMBER' && (typeof button.phone_number !== 'string' || !/^\+?\d{7,20}$/.test(button.phone_number))) {
      throw invalid('PHONE_NUMBER button needs a phone_number');
    }
  }
  if (count('URL') > 2 || count('PHONE_NUMBER') > 1 || count('COPY_CODE') > 1) {
    throw invalid('At most 2 URL buttons, 1 PHONE_NUMBER button and 1 COPY_CODE button');
  }
}

/** How many of the variables a named example list covers. */
function namedExamples(list: unknown, names: string[]): number {
  const provided = Array.isArray(list) ? list.filter(isObj).map((p) => p.param_name) : [];
  return names.filter((n) => provided.includes(n)).length;
}

/** Positional examples: a header's are one list, a body's a list inside a list. */
function positionalExamples(list: unknown, header: boolean): number {
  const values: unknown = header ? list : Array.isArray(list) ? list[0] : undefined;
  return Array.isArray(values) ? values.length : 0;
}
