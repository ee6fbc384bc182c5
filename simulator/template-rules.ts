import type { PlatformTemplate } from '../server/seed/demo-world';
import { GraphError, invalidParameter, missingParameter } from './graph-error';
import type { Waba } from './state';

/** Template send checks: existence and status (132001/132015/132016), parameters (132000/132012). */

interface SentComponent {
  type?: unknown;
  sub_type?: unknown;
  index?: unknown;
  parameters?: unknown;
}

interface SentParameter {
  type?: unknown;
  parameter_name?: unknown;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;
export const placeholders = (text: string) => [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];

export function findSendableTemplate(waba: Waba, name: string, language: string): PlatformTemplate {
  const template = waba.templates.find((t) => t.name === name && t.language === language);
  if (!template) {
    throw new GraphError(132001, 'Template name does not exist in the translation', `template name (${name}) does not exist in ${language}`, 404);
  }
  if (template.status === 'PAUSED') throw new GraphError(132015, 'Template is paused', `template (${name}) is paused`);
  if (template.status === 'DISABLED') throw new GraphError(132016, 'Template is disabled', `template (${name}) is disabled`);
  if (template.status !== 'APPROVED') {
    throw new GraphError(
      132001,
      'Template name does not exist in the translation',
      `template name (${name}) is not approved in ${language} (status ${template.status})`,
      404,
    );
  }
  return template;
}

export function checkTemplateParameters(template: PlatformTemplate, sent: unknown): void {
  if (sent !== undefined && !Array.isArray(sent)) throw invalidParameter('template.components must be an array');
  const components = (sent ?? []) as SentComponent[];
  const find = (type: string, index?: number) =>
    components.find((c) => String(c.type).toLowerCase() === type && (index === undefined || Number(c.index) === index));
  const paramsOf = (c: SentComponent | undefined): SentParameter[] => (Array.isArray(c?.parameters) ? c.parameters : []);
  const named = template.parameter_format === 'NAMED';

  for (const part of template.components) {
    if (part.type === 'BODY' || (part.type === 'HEADER' && part.format === 'TEXT')) {
      const label = part.type.toLowerCase();
      checkTextParams(label, placeholders(part.text ?? ''), paramsOf(find(label)), named);
    } else if (part.type === 'HEADER') {
      const params = paramsOf(find('header'));
      const expected = part.format.toLowerCase();
      if (params.length !== 1) throw countMismatch('header', params.length, 1);
      if (params[0]!.type !== expected) {
        throw new GraphError(
          132012,
          'Parameter format does not match format in the created template',
          `header: Format mismatch, expected ${part.format}, received ${String(params[0]!.type).toUpperCase()}`,
        );
      }
    } else if (part.type === 'BUTTONS') {
      part.buttons.forEach((button, index) => {
        const needsParam = (button.type === 'URL' && placeholders(button.url).length > 0) || button.type === 'COPY_CODE';
        const params = paramsOf(find('button', index));
        if (needsParam && params.length !== 1) throw countMismatch(`button ${index}`, params.length, 1);
      });
    }
  }
  for (const c of components) {
    const type = String(c.type).toLowerCase();
    if (!['header', 'body', 'button'].includes(type)) throw invalidParameter(`Unknown template component type ${type}`);
    if (type === 'button' && c.index === undefined) throw missingParameter('button component requires index');
  }
}

function checkTextParams(label: string, expected: string[], params: SentParameter[], named: boolean): void {
  if (params.length !== expected.length) throw countMismatch(label, params.length, expected.length);
  if (!named) return;
  for (const name of expected) {
    if (!params.some((p) => p.parameter_name === name)) {
      throw new GraphError(
        132000,
        'Number of parameters does not match the expected number of params',
        `${label}: parameter_name (${name}) is missing`,
      );
    }
  }
}

const countMismatch = (label: string, got: number, expected: number) =>
  new GraphError(
    132000,
    'Number of parameters does not match the expected number of params',
    `${label}: number of localizable_params (${got}) does not match the expected number of params (${expected})`,
  );
