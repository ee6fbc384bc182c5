import type { ProviderApi } from './model-events';

/** The providers a credential can be for (POST /v1/provider_credentials `provider`). */
export type ModelProvider = 'openai' | 'anthropic' | 'openai_compatible';

/**
 * Which wire API a provider is spoken to with. OpenAI defaults to Responses, its current API,
 * with Chat Completions selectable; compatible servers (vLLM, Ollama, gateways) implement
 * Chat Completions only.
 */
export function providerApiFor(provider: ModelProvider, openaiApi: 'openai_responses' | 'openai_chat' = 'openai_responses'): ProviderApi {
  if (provider === 'anthropic') return 'anthropic_messages';
  if (provider === 'openai_compatible') return 'openai_chat';
  return openaiApi;
}
