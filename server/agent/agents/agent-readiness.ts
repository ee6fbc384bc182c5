import { AgentError } from '@/server/errors/agent-error';
import { findCatalogueModel } from '@/server/agent/models/catalogue';
import { isModelConfigured, type ProjectModelAccess } from '@/server/agent/models/project-model-access';
import type { AgentConfig } from './agent-config';

/** Why an agent cannot answer (`readiness.blockers`, agent-api.md §1.3). */
export type ReadinessBlocker = 'no_provider_key' | 'model_not_allowed_on_plan' | 'ai_paused';

export function readinessBlockers(config: AgentConfig, access: ProjectModelAccess): ReadinessBlocker[] {
  const blockers: ReadinessBlocker[] = [];
  const model = findCatalogueModel(config.model.id);
  if (!model || !isModelConfigured(access, model, config.provider_credential)) blockers.push('no_provider_key');
  if (!access.plan.allowsModel(config.model.id)) blockers.push('model_not_allowed_on_plan');
  if (access.aiPaused) blockers.push('ai_paused');
  return blockers;
}

/** API calls on an agent with blockers: 409 `agent_not_ready` naming them. */
export function assertAgentReady(slug: string, config: AgentConfig, access: ProjectModelAccess): void {
  const blockers = readinessBlockers(config, access);
  if (blockers.length > 0) throw new AgentError('agent_not_ready', { param: 'agent', details: { blockers: blockers.join(', '), agent: slug } });
}
