import { AgentError } from '@/server/errors/agent-error';
import type { AgentVariable } from '@/server/agent/agents/agent-config';
import type { VariableValue } from '@/server/agent/ask/ask-variables';

/**
 * Variable values a session keeps (docs/agent-api.md §1.9): declared, of their type, and never
 * secret, since secrets go only with one message or ask (`secret_variable_not_persistable`).
 * `null` removes a value (PATCH). Required ones are checked when a run starts, not here.
 */
export function checkSessionVariables(declared: AgentVariable[], given: Record<string, VariableValue | null>): void {
  const byName = new Map(declared.map((variable) => [variable.name, variable]));
  for (const [name, value] of Object.entries(given)) {
    const param = `/variables/${name}`;
    const variable = byName.get(name);
    if (!variable) throw new AgentError('variable_unknown', { param });
    if (variable.secret) throw new AgentError('secret_variable_not_persistable', { param });
    if (value !== null && typeof value !== variable.type) {
      throw new AgentError('validation_failed', { param, details: { detail: `expected a ${variable.type}.` } });
    }
  }
}
