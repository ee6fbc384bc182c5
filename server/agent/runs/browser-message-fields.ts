import { AgentError } from '@/server/errors/agent-error';
import type { AgentVariable } from '@/server/agent/agents/agent-config';
import type { VariableValue } from '@/server/agent/ask/ask-variables';

/**
 * What a browser (a client token, signed-in or an anonymous visitor) may set on a message: no
 * configuration. `overrides`, and any variable the agent does not mark `browser_settable` (a
 * secret one never is), are 403 `principal_not_allowed` naming the field: a page must not pick
 * the customer id a tool reads, nor add to the instructions. An undeclared name is left to
 * resolveVariables (`variable_unknown`).
 */
export function checkBrowserMessageFields(
  declared: AgentVariable[],
  body: { variables?: Record<string, VariableValue>; overrides?: Record<string, unknown> },
): void {
  if (body.overrides !== undefined) throw new AgentError('principal_not_allowed', { param: '/overrides' });
  for (const name of Object.keys(body.variables ?? {})) {
    const variable = declared.find((candidate) => candidate.name === name);
    if (variable && !variable.browser_settable) throw new AgentError('principal_not_allowed', { param: `/variables/${name}` });
  }
}

/** What the integrator's server set on the session wins over anything a browser sends: the browser's values for the rest. */
export function unheldVariables(given: Record<string, VariableValue>, held: Record<string, VariableValue>): Record<string, VariableValue> {
  return Object.fromEntries(Object.entries(given).filter(([name]) => !(name in held)));
}
