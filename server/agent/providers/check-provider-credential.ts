import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { config } from '@/server/config';
import { classifyProviderError } from './classify-provider-error';
import { providerApiFor, type ModelProvider } from './provider-api';
import { createProviderClient } from './provider-client';
import { ProviderFailure } from './provider-failure';
import { createProviderFetch } from './provider-fetch';
import { CallDeadline, configuredProviderTimeouts, type ProviderTimeouts } from './provider-timeouts';

export interface CredentialCheckInput {
  provider: ModelProvider;
  apiKey: string;
  baseURL?: string;
  /** The base URL came from a customer: it goes through the SSRF-safe connector. */
  untrustedBaseURL?: boolean;
  timeouts?: Partial<ProviderTimeouts>;
}

/** `providerStatus`: the HTTP status of the answer that was not a 2xx, when there was one. */
export type CredentialCheck = { status: 'valid' } | { status: 'invalid'; providerStatus?: number };

/** The model the one-token probe names. */
const probeModels: Record<ModelProvider, string> = {
  openai: 'gpt-4o-mini',
  openai_compatible: 'gpt-4o-mini',
  anthropic: 'claude-3-5-haiku-latest',
};

/**
 * The live check of a provider credential: `GET /models` and, where a server has no such
 * route (404, some OpenAI-compatible ones), a one-token call. Only a 2xx answer to the
 * authenticated request makes the key valid; a redirect (never followed: it may lead to a page
 * that answers anyone) or any other 3xx or 4xx answer makes it invalid, with that status.
 * Throws provider_timeout, or provider_unavailable for anything else that kept the check from
 * running (no answer, a 5xx).
 */
export async function checkProviderCredential(input: CredentialCheckInput): Promise<CredentialCheck> {
  const timeouts = { ...configuredProviderTimeouts, ...input.timeouts };
  const outcome = await listModels(input, timeouts);
  if (outcome !== 'no_models_route') return outcome;
  return probeWithOneToken(input, timeouts);
}

async function listModels(input: CredentialCheckInput, timeouts: ProviderTimeouts): Promise<CredentialCheck | 'no_models_route'> {
  const fetch = createProviderFetch({ connectTimeoutMs: timeouts.connectMs, untrusted: input.untrustedBaseURL ?? false });
  const common = { apiKey: input.apiKey, maxRetries: 0, timeout: timeouts.firstTokenMs, fetch };
  const deadline = new CallDeadline(timeouts);
  try {
    const request =
      input.provider === 'anthropic'
        ? new Anthropic({ ...common, baseURL: input.baseURL ?? config.ANTHROPIC_BASE_URL }).models.list({ limit: 1 }, { signal: deadline.signal })
        : new OpenAI({ ...common, baseURL: input.baseURL ?? config.OPENAI_BASE_URL, organization: null, project: null }).models.list({
            signal: deadline.signal,
          });
    await deadline.race(Promise.resolve(request));
    return { status: 'valid' };
  } catch (error) {
    const failure = deadline.abortReason ?? classifyProviderError(error, 'request');
    if (failure instanceof ProviderFailure && failure.status === 404) return 'no_models_route';
    return verdictOf(failure);
  } finally {
    deadline.dispose();
  }
}

async function probeWithOneToken(input: CredentialCheckInput, timeouts: ProviderTimeouts): Promise<CredentialCheck> {
  const client = createProviderClient({ ...input, api: providerApiFor(input.provider), timeouts });
  try {
    for await (const event of client.stream({ model: probeModels[input.provider], turns: [{ role: 'user', text: 'ping' }], maxTokens: 1 })) {
      if (event.type === 'stop') break;
    }
    return { status: 'valid' };
  } catch (error) {
    return verdictOf(error);
  }
}

function verdictOf(failure: unknown): CredentialCheck {
  if (!(failure instanceof ProviderFailure)) throw failure;
  if (failure.status !== undefined && failure.status < 500) return { status: 'invalid', providerStatus: failure.status };
  if (failure.code === 'provider_auth_failed' || failure.code === 'provider_bad_request') return { status: 'invalid' };
  if (failure.code === 'provider_timeout') throw failure;
  throw new ProviderFailure('provider_unavailable', `The credential could not be checked: ${failure.message}`, { cause: failure });
}
