import { db, type ProviderCredential } from '@/server/db';
import { AgentError } from '@/server/errors/agent-error';
import { decryptCredentialKey } from '@/server/agent/credentials/credential-cipher';
import { findCatalogueModel, type CatalogueModel } from '@/server/agent/models/catalogue';
import { credentialServes, isModelConfigured, type ProjectModelAccess } from '@/server/agent/models/project-model-access';
import { createProviderClient } from '@/server/agent/providers/provider-client';
import type { ProviderClient } from '@/server/agent/providers/model-events';

export interface ModelCandidate {
  model: CatalogueModel;
  client: ProviderClient;
}

/** A model a request names itself (an override): unknown, off the plan or without a key are refusals. */
export function checkRequestedModel(modelId: string, access: ProjectModelAccess, namedCredential: string | null): CatalogueModel {
  const param = '/overrides/model';
  const model = findCatalogueModel(modelId);
  if (!model) throw new AgentError('unknown_model', { param, details: { model: modelId } });
  if (!access.plan.allowsModel(model.id)) throw new AgentError('model_not_allowed_on_plan', { param, details: { model: modelId } });
  if (!isModelConfigured(access, model, namedCredential)) throw new AgentError('model_not_configured', { param, details: { model: modelId } });
  return model;
}

/**
 * The models a run tries, in order: the chosen one, then the agent's fallback models that the
 * plan allows and a key serves (others are skipped, as a missing model cannot answer), each
 * with a client on the credential that serves it.
 */
export async function modelCandidates(
  projectId: string,
  primary: CatalogueModel,
  fallbackIds: string[],
  access: ProjectModelAccess,
  namedCredential: string | null,
): Promise<ModelCandidate[]> {
  const fallbacks = fallbackIds
    .map(findCatalogueModel)
    .filter(
      (m): m is CatalogueModel =>
        m !== undefined && m.id !== primary.id && access.plan.allowsModel(m.id) && isModelConfigured(access, m, namedCredential),
    );
  const credentials = await db.providerCredential.findMany({
    where: { projectId, status: 'valid', ...(namedCredential ? { id: namedCredential } : {}) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  return [primary, ...fallbacks].flatMap((model) => {
    const credential = credentials.find((c) => credentialServes(c.provider, model));
    return credential ? [{ model, client: clientFor(model, credential) }] : [];
  });
}

function clientFor(model: CatalogueModel, credential: ProviderCredential): ProviderClient {
  return createProviderClient({
    api: model.api,
    apiKey: decryptCredentialKey(credential.keyCiphertext),
    baseURL: credential.baseUrl ?? undefined,
    untrustedBaseURL: credential.baseUrl !== null,
  });
}
