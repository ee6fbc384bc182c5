import { AgentError } from '@/server/errors/agent-error';
import type { AgentVariable } from '@/server/agent/agents/agent-config';

export type VariableValue = string | number | boolean;

/**
 * The variables of one ask (docs/agent-api.md §1.9): the request's values, then defaults. An
 * undeclared name is `variable_unknown`, a required one without a value `variable_missing`,
 * a value of the wrong type `validation_failed`, each with `/variables/<name>`.
 */
export function resolveVariables(
  declared: AgentVariable[],
  given: Record<string, VariableValue>,
): Map<string, { value: VariableValue; secret: boolean }> {
  const byName = new Map(declared.map((v) => [v.name, v]));
  for (const [name, value] of Object.entries(given)) {
    const variable = byName.get(name);
    if (!variable) throw new AgentError('variable_unknown', { param: `/variables/${name}` });
    if (typeof value !== variable.type) {
      throw new AgentError('validation_failed', { param: `/variables/${name}`, details: { detail: `expected a ${variable.type}.` } });
    }
  }
  const resolved = new Map<string, { value: VariableValue; secret: boolean }>();
  for (const variable of declared) {
    const value = given[variable.name] ?? variable.default;
    if (value === undefined) {
      if (variable.required) throw new AgentError('variable_missing', { param: `/variables/${variable.name}` });
      continue;
    }
    resolved.set(variable.name, { value, secret: variable.secret });
  }
  return resolved;
}

/**
 * The instructions with `{{variables.<name>}}` filled in. Secret values never enter a prompt:
 * their placeholders read `[secret]` (secrets are for HTTP tools, on their allowed hosts).
 */
export function fillInstructions(instructions: string, variables: Map<string, { value: VariableValue; secret: boolean }>): string {
  return instructions.replace(/\{\{\s*variables\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (_whole, name: string) => {
    const variable = variables.get(name);
    if (!variable) return '';
    return variable.secret ? '[secret]' : String(variable.value);
  });
}
