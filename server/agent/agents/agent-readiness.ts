import { AgentError } from '@/server/errors/agent-error';
import { findCatalogueModel, type CatalogueModel } from '@/server/agent/models/catalogue';
import { credentialServes, isModelConfigured, type ProjectModelAccess } from '@/server/agent/models/project-model-access';
import type { AgentConfig } from './agent-config';

/**
 * Why an agent cannot answer (`readiness.blockers`, in the API reference). `provider_key_undecryptable`:
 * the key that would serve its model is stored under a CREDENTIALS_SECRET no longer configured,
 * so the owner must enter it again (or configure that secret in CREDENTIALS_SECRET_PREVIOUS).
 */
export type ReadinessBlocker = 'no_provider_key' | 'provider_key_undecryptable' | 'model_not_allowed_on_plan' | 'ai_paused';

export function readinessBlockers(config: AgentConfig, access: ProjectModelAccess): ReadinessBlocker[] {
  const blockers: ReadinessBlocker[] = [];
  const model = findCatalogueModel(config.model.id);
  if (!model || !isModelConfigured(access, model, config.provider_credential))
    blockers.push(missingKeyBlocker(access, model, config.provider_credential));
  if (!access.plan.allowsModel(config.model.id)) blockers.push('model_not_allowed_on_plan');
  if (access.aiPaused) blockers.push('ai_paused');
  return blockers;
}

function missingKeyBlocker(access: ProjectModelAccess, model: CatalogueModel | undefined, namedCredential: string | null): ReadinessBlocker {
  const unreadable = [...access.undecryptableCredentials].filter(([id]) => namedCredential === null || id === namedCredential);
  return model && !model.platform_provided && unreadable.some(([, provider]) => credentialServes(provider, model))
    ? 'provider_key_undecryptable'
    : 'no_provider_key';
}

/** API calls on an agent with blockers: 409 `agent_not_ready` naming them. */
export function assertAgentReady(slug: string, config: AgentConfig, access: ProjectModelAccess): void {
  const blockers = readinessBlockers(config, access);
  if (blockers.length > 0) throw new AgentError('agent_not_ready', { param: 'agent', details: { blockers: blockers.join(', '), agent: slug } });
}
