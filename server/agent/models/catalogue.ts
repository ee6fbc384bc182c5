import type { ProviderApi } from '@/server/agent/providers/model-events';

/**
 * The models the agent service offers (GET /v1/models). Prices are US dollars per million
 * tokens, which is micro-dollars per token: a run's cost_micros is tokens × price.
 * `sim/*` are served by the AI simulator (its fixed-behaviour models) and priced cheaply, so
 * tests and the demo exercise the same paths as real models.
 */
export interface CatalogueModel {
  id: string;
  provider: 'openai' | 'anthropic';
  api: ProviderApi;
  /** The name the provider knows the model by. */
  provider_model: string;
  /** Answered with the platform's own provider key rather than the project's. */
  platform_provided: boolean;
  context_window: number;
  price_per_mtok: { input: number; output: number };
}

export const modelCatalogue: readonly CatalogueModel[] = [
  {
    id: 'openai/gpt-4.1',
    provider: 'openai',
    api: 'openai_responses',
    provider_model: 'gpt-4.1',
    platform_provided: false,
    context_window: 1_047_576,
    price_per_mtok: { input: 2, output: 8 },
  },
  {
    id: 'openai/gpt-4.1-mini',
    provider: 'openai',
    api: 'openai_responses',
    provider_model: 'gpt-4.1-mini',
    platform_provided: false,
    context_window: 1_047_576,
    price_per_mtok: { input: 0.4, output: 1.6 },
  },
  {
    id: 'openai/gpt-4o-mini',
    provider: 'openai',
    api: 'openai_chat',
    provider_model: 'gpt-4o-mini',
    platform_provided: false,
    context_window: 128_000,
    price_per_mtok: { input: 0.15, output: 0.6 },
  },
  {
    id: 'openai/o3',
    provider: 'openai',
    api: 'openai_responses',
    provider_model: 'o3',
    platform_provided: false,
    context_window: 200_000,
    price_per_mtok: { input: 10, output: 40 },
  },
  {
    id: 'anthropic/claude-sonnet-4-5',
    provider: 'anthropic',
    api: 'anthropic_messages',
    provider_model: 'claude-sonnet-4-5',
    platform_provided: false,
    context_window: 200_000,
    price_per_mtok: { input: 3, output: 15 },
  },
  {
    id: 'anthropic/claude-haiku-4-5',
    provider: 'anthropic',
    api: 'anthropic_messages',
    provider_model: 'claude-haiku-4-5',
    platform_provided: false,
    context_window: 200_000,
    price_per_mtok: { input: 1, output: 5 },
  },
  {
    id: 'anthropic/claude-opus-4-1',
    provider: 'anthropic',
    api: 'anthropic_messages',
    provider_model: 'claude-opus-4-1',
    platform_provided: false,
    context_window: 200_000,
    price_per_mtok: { input: 15, output: 75 },
  },
  {
    id: 'platform/gpt-4.1-mini',
    provider: 'openai',
    api: 'openai_responses',
    provider_model: 'gpt-4.1-mini',
    platform_provided: true,
    context_window: 1_047_576,
    price_per_mtok: { input: 0.4, output: 1.6 },
  },
  {
    id: 'sim/steady',
    provider: 'openai',
    api: 'openai_chat',
    provider_model: 'sim/steady',
    platform_provided: false,
    context_window: 128_000,
    price_per_mtok: { input: 1, output: 2 },
  },
  {
    id: 'sim/flaky',
    provider: 'openai',
    api: 'openai_chat',
    provider_model: 'sim/flaky',
    platform_provided: false,
    context_window: 128_000,
    price_per_mtok: { input: 1, output: 2 },
  },
];

const byId = new Map(modelCatalogue.map((model) => [model.id, model]));

export const findCatalogueModel = (id: string): CatalogueModel | undefined => byId.get(id);

/** What `tokens` of a model cost, in micro-dollars (rounded up: a started micro-dollar counts). */
export function costMicros(model: CatalogueModel, usage: { inputTokens: number; outputTokens: number }): number {
  return Math.ceil(usage.inputTokens * model.price_per_mtok.input + usage.outputTokens * model.price_per_mtok.output);
}
