/**
 * Placeholders of HTTP tools (docs/agent-api.md §1.10): `{{args.*}}`, `{{variables.*}}`,
 * `{{end_user.external_id}}`, `{{end_user.traits.*}}` and `{{session.id}}`, in the URL
 * (URL-encoded), headers, query and body (a string that is one placeholder takes its value as
 * JSON; inside longer text, as text).
 */
const placeholderPattern = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;
const knownName =
  /^(args\.[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)*|variables\.[A-Za-z_]\w*|end_user\.external_id|end_user\.traits\.[A-Za-z0-9_-]+|session\.id)$/;

export type PlaceholderValue = string | number | boolean | null | object;

export interface PlaceholderScope {
  args: Record<string, unknown>;
  variables: Record<string, unknown>;
  endUser?: { external_id: string; traits: Record<string, unknown> };
  sessionId?: string;
}

/** Every placeholder name in a template (strings, arrays and objects), in order, once each. */
export function placeholdersIn(template: unknown): string[] {
  const found = new Set<string>();
  walkStrings(template, (text) => {
    for (const match of text.matchAll(placeholderPattern)) found.add(match[1]!);
  });
  return [...found];
}

/** The first placeholder name outside the known ones, if any. */
export const unknownPlaceholder = (template: unknown): string | undefined => placeholdersIn(template).find((name) => !knownName.test(name));

/** A placeholder's value in a scope, or undefined when it has none. */
export function placeholderValue(name: string, scope: PlaceholderScope): PlaceholderValue | undefined {
  const [root, ...path] = name.split('.');
  let value: unknown;
  if (root === 'args') value = dig(scope.args, path);
  else if (root === 'variables') value = scope.variables[path[0]!];
  else if (name === 'end_user.external_id') value = scope.endUser?.external_id;
  else if (root === 'end_user' && path[0] === 'traits') value = scope.endUser?.traits[path[1]!];
  else if (name === 'session.id') value = scope.sessionId;
  return value === undefined ? undefined : (value as PlaceholderValue);
}

/** The first placeholder of the templates without a value in the scope: then nothing is called. */
export function unresolvedPlaceholder(templates: unknown[], scope: PlaceholderScope): string | undefined {
  return templates.flatMap(placeholdersIn).find((name) => placeholderValue(name, scope) === undefined);
}

/** Fills a text template; `encode` is applied to each value (URL-encoding for URLs). */
export function fillText(text: string, scope: PlaceholderScope, encode: (value: string) => string = (v) => v): string {
  return text.replace(placeholderPattern, (_whole, name: string) => encode(asText(placeholderValue(name, scope))));
}

/** Fills a JSON template: a string that is exactly one placeholder becomes its value; others are filled as text. */
export function fillJson(template: unknown, scope: PlaceholderScope): unknown {
  if (typeof template === 'string') {
    const whole = /^\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}$/.exec(template);
    return whole ? placeholderValue(whole[1]!, scope) : fillText(template, scope);
  }
  if (Array.isArray(template)) return template.map((item) => fillJson(item, scope));
  if (template && typeof template === 'object')
    return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fillJson(value, scope)]));
  return template;
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value ?? null));

function dig(value: unknown, path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (!current || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function walkStrings(value: unknown, visit: (text: string) => void): void {
  if (typeof value === 'string') visit(value);
  else if (Array.isArray(value)) value.forEach((item) => walkStrings(item, visit));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => walkStrings(item, visit));
}
