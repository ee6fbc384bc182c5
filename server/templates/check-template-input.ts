import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { ApiError } from '@/server/errors/api-error';
import { placeholders, type TemplateInput } from './template-input';

/**
 * The rules of a template the schema cannot say, checked before anything reaches the platform
 * so each gets its own `param` (docs/messaging-api.md §11). Throws `invalid_parameter`.
 */
export function checkTemplateInput(input: TemplateInput): void {
  if (input.category === 'AUTHENTICATION') checkAuthentication(input);
  else checkWritten(input);
  checkButtons(input);
}

const refuse = (param: string, message: string): never => {
  throw new ApiError('invalid_parameter', message, { param });
};

const protocolOf = (value: string) => {
  try {
    return new URL(value).protocol;
  } catch {
    return null;
  }
};
const isHttpsUrl = (value: string) => protocolOf(value) === 'https:';
/** A media sample is fetched as a message's media link is: http or https. */
const isWebUrl = (value: string) => protocolOf(value) === 'https:' || protocolOf(value) === 'http:';

/** `{{…}}` that is not a variable (`{{first name}}`, `{{}}`) is refused rather than sent as text the platform rejects. */
function checkVariableSyntax(text: string, param: string, format: TemplateInput['parameter_format']): string[] {
  const braces = text.match(/\{\{[^}]*\}\}/g) ?? [];
  const names = placeholders(text);
  if (braces.length !== [...text.matchAll(/\{\{\s*[A-Za-z0-9_]+\s*\}\}/g)].length) {
    refuse(param, 'A variable is written `{{name}}` or `{{1}}`: letters, digits and underscores between double braces.');
  }
  for (const name of names) {
    if (format === 'NAMED' && !/^[a-z][a-z0-9_]*$/.test(name)) {
      refuse(param, `Variable {{${name}}}: with parameter_format NAMED, variables are lowercase names such as {{first_name}}.`);
    }
    if (format === 'POSITIONAL' && !/^[1-9]\d*$/.test(name)) {
      refuse(param, `Variable {{${name}}}: with parameter_format POSITIONAL, variables are numbers {{1}}, {{2}}, … (or choose NAMED).`);
    }
  }
  return names;
}

function checkWritten(input: TemplateInput): void {
  const { body, header, footer } = input;
  if (!body.text?.trim()) refuse('body.text', 'The body text is required.');
  if (body.add_security_recommendation !== undefined) refuse('body.add_security_recommendation', 'Only authentication templates take it.');
  const variables = checkVariableSyntax(body.text ?? '', 'body.text', input.parameter_format);
  for (const name of variables) {
    if (!body.examples[name])
      refuse(`body.examples.${name}`, `Give an example value for {{${name}}}: the platform reviews templates with their examples.`);
  }
  for (const key of Object.keys(body.examples)) {
    if (!variables.includes(key)) refuse(`body.examples.${key}`, `The body has no variable {{${key}}}.`);
  }

  if (header?.format === 'TEXT') {
    if (!header.text?.trim()) refuse('header.text', 'A TEXT header needs its text.');
    const headerVariables = checkVariableSyntax(header.text ?? '', 'header.text', input.parameter_format);
    if (headerVariables.length > 1) refuse('header.text', 'A text header can have one variable at most.');
    if (headerVariables.length === 1 && !header.example?.trim()) refuse('header.example', `Give an example value for {{${headerVariables[0]}}}.`);
    if (headerVariables.length === 0 && header.example !== undefined)
      refuse('header.example', 'The header has no variable to give an example for.');
  } else if (header) {
    if (header.text !== undefined) refuse('header.text', `A ${header.format} header has no text.`);
    if (!header.example || !isWebUrl(header.example)) {
      refuse('header.example', `A ${header.format} header needs a sample file: the URL of one the platform can show its reviewers.`);
    }
  }

  if (footer) {
    if (footer.code_expiration_minutes !== undefined) refuse('footer.code_expiration_minutes', 'Only authentication templates take it.');
    if (!footer.text?.trim()) refuse('footer.text', 'The footer text is required when there is a footer.');
    if (placeholders(footer.text ?? '').length > 0 || /\{\{/.test(footer.text ?? '')) refuse('footer.text', 'The footer cannot have variables.');
  }
}

function checkAuthentication(input: TemplateInput): void {
  if (input.header) refuse('header', 'Authentication templates have no header.');
  if (input.body.text !== undefined)
    refuse('body.text', 'The platform writes the text of authentication templates ("{{1}} is your verification code.").');
  if (Object.keys(input.body.examples).length > 0) refuse('body.examples', 'Authentication templates take no examples.');
  if (input.footer?.text !== undefined)
    refuse('footer.text', 'The footer of authentication templates is written by the platform: set code_expiration_minutes.');
  if (input.buttons.length !== 1 || input.buttons[0]?.type !== 'OTP') {
    refuse('buttons', 'An authentication template has exactly one button, of type OTP (the copy-code button).');
  }
}

/** The platform's limits per button type (its template components reference). */
const maxPerType: Record<string, number> = { QUICK_REPLY: 10, URL: 2, PHONE_NUMBER: 1, COPY_CODE: 1, OTP: 1 };

function checkButtons(input: TemplateInput): void {
  for (const [type, max] of Object.entries(maxPerType)) {
    if (input.buttons.filter((b) => b.type === type).length > max)
      refuse('buttons', `A template has at most ${max} ${type} button${max === 1 ? '' : 's'}.`);
  }
  input.buttons.forEach((button, index) => {
    const at = (field: string) => `buttons.${index}.${field}`;
    if (button.type === 'OTP' && input.category !== 'AUTHENTICATION') refuse(at('type'), 'OTP buttons are for authentication templates.');
    if (button.type !== 'OTP' && button.type !== 'COPY_CODE' && !button.text?.trim()) refuse(at('text'), 'The button needs its label.');
    if (button.type !== 'URL' && button.url !== undefined) refuse(at('url'), 'Only URL buttons take a url.');
    if (button.type !== 'PHONE_NUMBER' && button.phone_number !== undefined)
      refuse(at('phone_number'), 'Only PHONE_NUMBER buttons take a phone_number.');
    if (button.type === 'URL') checkUrlButton(button, at);
    if (button.type === 'PHONE_NUMBER' && !(button.phone_number && isValidPhoneNumber(button.phone_number, 'US'))) {
      refuse(at('phone_number'), 'Give the number to call in international form, such as +14155550100.');
    }
    if (button.type === 'COPY_CODE' && !(button.example && button.example.length <= 15)) {
      refuse(at('example'), 'A copy-code button needs an example code of up to 15 characters.');
    }
    if ((button.type === 'QUICK_REPLY' || button.type === 'PHONE_NUMBER' || button.type === 'OTP') && button.example !== undefined) {
      refuse(at('example'), `${button.type} buttons take no example.`);
    }
  });
}

function checkUrlButton(button: TemplateInput['buttons'][number], at: (field: string) => string): void {
  const url = button.url ?? '';
  const variables = url.match(/\{\{[^}]*\}\}/g) ?? [];
  if (variables.length > 1 || (variables.length === 1 && !/\{\{1\}\}$/.test(url))) {
    refuse(at('url'), 'A URL can end in one variable, {{1}}, and have no other.');
  }
  if (!isHttpsUrl(url.replace(/\{\{1\}\}$/, 'x'))) refuse(at('url'), 'The URL must be an https address.');
  if (variables.length === 1) {
    if (!button.example || !isHttpsUrl(button.example)) refuse(at('example'), 'Give a full example URL, with a value in place of {{1}}.');
  } else if (button.example !== undefined) refuse(at('example'), 'The URL has no variable to give an example for.');
}
