import { AgentError } from '@/server/errors/agent-error';
import { openSecretOrThrow } from '@/server/secrets/secret-cipher';
import { findCatalogueModel, type CatalogueModel } from '@/server/agent/models/catalogue';
import {
  credentialServes,
  isModelConfigured,
  platformOpenAiCredential,
  type ProjectModelAccess,
  type UsableCredential,
} from '@/server/agent/models/project-model-access';
import { createProviderClient } from '@/server/agent/providers/provider-client';
import type { ProviderClient } from '@/server/agent/providers/model-events';

export interface ModelCandidate {
  model: CatalogueModel;
  client: ProviderClient;
  /** The credential the client speaks with: a provider that refuses it marks it invalid. */
  credentialId: string;
}

/** A model a request names itself (an override): unknown, off the plan or without a key are refusals. */
export function checkRequestedModel(
  modelId: string,
  access: ProjectModelAccess,
  namedCredential: string | null,
  param = '/overrides/model',
): CatalogueModel {
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
export function modelCandidates(
  primary: CatalogueModel,
  fallbackIds: string[],
  access: ProjectModelAccess,
  namedCredential: string | null,
): ModelCandidate[] {
  const fallbacks = fallbackIds
    .map(findCatalogueModel)
    .filter(
      (m): m is CatalogueModel =>
        m !== undefined && m.id !== primary.id && access.plan.allowsModel(m.id) && isModelConfigured(access, m, namedCredential),
    );
  const credentials = access.credentials.filter((c) => namedCredential === null || c.id === namedCredential);
  return [primary, ...fallbacks].flatMap((model) => {
    const credential = model.platform_provided ? platformOpenAiCredential() : credentials.find((c) => credentialServes(c.provider, model));
    return credential ? [{ model, client: clientFor(model, credential), credentialId: credential.id }] : [];
  });
}

/**
 * Clients are kept per credential and wire format, so calls reuse the SDK's connection pool
 * instead of opening a connection (and decrypting the key) for every run. The ciphertext is in
 * the cache key: a credential whose key changed gets a new client. Bounded: the oldest go first.
 */
const clients = new Map<string, ProviderClient>();
const MAX_CLIENTS = 500;

function clientFor(model: CatalogueModel, credential: UsableCredential): ProviderClient {
  const cacheKey = `${credential.id}\n${model.api}\n${credential.keyCiphertext}`;
  let client = clients.get(cacheKey);
  if (!client) {
    client = createProviderClient({
      api: model.api,
      apiKey: openSecretOrThrow(credential.keyCiphertext),
      baseURL: credential.baseUrl ?? undefined,
      untrustedBaseURL: credential.baseUrl !== null,
    });
    if (clients.size >= MAX_CLIENTS) clients.delete(clients.keys().next().value as string);
    clients.set(cacheKey, client);
  }
  return client;
}
