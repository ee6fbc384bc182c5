import { placeholders, type TemplateInputDraft } from '@/server/templates/template-input';

export type HeaderChoice = 'NONE' | 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT';
export type ButtonChoice = 'QUICK_REPLY' | 'URL' | 'PHONE_NUMBER' | 'COPY_CODE' | 'OTP';

export interface ButtonDraft {
  type: ButtonChoice;
  text: string;
  url: string;
  phoneNumber: string;
  example: string;
}

/** The builder's form: every field a string or a choice, turned into the API's input on submit. */
export interface BuilderState {
  name: string;
  language: string;
  category: 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
  account: string;
  parameterFormat: 'NAMED' | 'POSITIONAL';
  header: HeaderChoice;
  headerText: string;
  headerExample: string;
  bodyText: string;
  examples: Record<string, string>;
  securityRecommendation: boolean;
  footerText: string;
  codeExpiration: string;
  buttons: ButtonDraft[];
}

export const emptyButton = (type: ButtonChoice): ButtonDraft => ({ type, text: '', url: '', phoneNumber: '', example: '' });

export function newBuilderState(account: string): BuilderState {
  return {
    name: '',
    language: 'en',
    category: 'UTILITY',
    account,
    parameterFormat: 'NAMED',
    header: 'NONE',
    headerText: '',
    headerExample: '',
    bodyText: '',
    examples: {},
    securityRecommendation: true,
    footerText: '',
    codeExpiration: '10',
    buttons: [],
  };
}

/** The form for an existing template (edit, or copy into another language). */
export function builderStateOf(input: TemplateInputDraft): BuilderState {
  return {
    name: input.name,
    language: input.language,
    category: input.category,
    account: input.account ?? '',
    parameterFormat: input.parameter_format ?? 'POSITIONAL',
    header: input.header?.format ?? 'NONE',
    headerText: input.header?.text ?? '',
    headerExample: input.header?.format === 'TEXT' ? (input.header.example ?? '') : '',
    bodyText: input.body.text ?? '',
    examples: { ...(input.body.examples ?? {}) },
    securityRecommendation: input.body.add_security_recommendation ?? true,
    footerText: input.footer?.text ?? '',
    codeExpiration: String(input.footer?.code_expiration_minutes ?? 10),
    buttons: (input.buttons ?? []).map((b) => ({
      type: b.type,
      text: b.text ?? '',
      url: b.url ?? '',
      phoneNumber: b.phone_number ?? '',
      example: b.example ?? '',
    })),
  };
}

/** The body's variables, in order of first appearance. */
export const bodyVariables = (state: BuilderState) => placeholders(state.bodyText);
export const headerVariable = (state: BuilderState) => (state.header === 'TEXT' ? placeholders(state.headerText)[0] : undefined);

const optional = (value: string) => (value.trim() ? value.trim() : undefined);

/** What the form says, as `POST /v1/templates` takes it; empty fields are left out so the service names what is missing. */
export function inputOf(state: BuilderState): TemplateInputDraft {
  const auth = state.category === 'AUTHENTICATION';
  const examples = Object.fromEntries(bodyVariables(state).map((name) => [name, state.examples[name] ?? '']));
  return {
    name: state.name.trim(),
    language: state.language.trim(),
    category: state.category,
    ...(state.account ? { account: state.account } : {}),
    parameter_format: state.parameterFormat,
    ...(!auth && state.header !== 'NONE'
      ? {
          header: {
            format: state.header,
            ...(state.header === 'TEXT' ? { text: state.headerText } : {}),
            ...(optional(state.headerExample) ? { example: state.headerExample.trim() } : {}),
          },
        }
      : {}),
    body: auth ? { add_security_recommendation: state.securityRecommendation } : { text: state.bodyText, examples },
    ...(auth
      ? { footer: { code_expiration_minutes: Number(state.codeExpiration) || 10 } }
      : optional(state.footerText)
        ? { footer: { text: state.footerText } }
        : {}),
    buttons: state.buttons.map((b) => ({
      type: b.type,
      ...(optional(b.text) ? { text: b.text.trim() } : {}),
      ...(b.type === 'URL' ? { url: b.url.trim() } : {}),
      ...(b.type === 'PHONE_NUMBER' ? { phone_number: b.phoneNumber.trim() } : {}),
      ...((b.type === 'URL' || b.type === 'COPY_CODE') && optional(b.example) ? { example: b.example.trim() } : {}),
    })),
  };
}

/**
 * The rules the platform's review rejects on that the form can see coming (its review
 * guidelines): shown as warnings, since the review, not the form, decides.
 */
export function reviewWarnings(
  state: BuilderState,
): Array<'startsWithVariable' | 'endsWithVariable' | 'adjacentVariables' | 'positionsOutOfOrder'> {
  const text = state.bodyText.trim();
  if (state.category === 'AUTHENTICATION' || !text) return [];
  const warnings: ReturnType<typeof reviewWarnings> = [];
  if (/^\{\{[^}]*\}\}/.test(text)) warnings.push('startsWithVariable');
  if (/\{\{[^}]*\}\}$/.test(text)) warnings.push('endsWithVariable');
  if (/\}\}\s*\{\{/.test(text)) warnings.push('adjacentVariables');
  if (state.parameterFormat === 'POSITIONAL') {
    const numbers = placeholders(text)
      .map(Number)
      .sort((a, b) => a - b);
    if (numbers.some((n, i) => n !== i + 1)) warnings.push('positionsOutOfOrder');
  }
  return warnings;
}

/** The preview's direction for a template's language (right to left for Arabic, Hebrew, Persian, Urdu). */
export const directionOf = (language: string): 'ltr' | 'rtl' => (/^(ar|he|fa|ur)(_|$)/.test(language) ? 'rtl' : 'ltr');
