import { modelCatalogue } from './catalogue';

/**
 * The agent service's plans (Organization.aiPlan): which catalogue models a plan may use and
 * how many AI conversations it has a month (docs/agent-api.md §1.8). An unknown plan name gets the
 * most restrictive plan, never more than was bought.
 */
export interface AiPlan {
  name: string;
  monthlyConversations: number;
  allowsModel(modelId: string): boolean;
}

/** Premium models only the larger plans include. */
const premiumModels = new Set(['openai/o3', 'anthropic/claude-opus-4-1']);
const starterModels = new Set([
  'platform/gpt-4.1-mini',
  'openai/gpt-4.1-mini',
  'openai/gpt-4o-mini',
  'anthropic/claude-haiku-4-5',
  'sim/steady',
  'sim/flaky',
]);

const plans: Record<string, AiPlan> = {
  starter: { name: 'starter', monthlyConversations: 1_000, allowsModel: (id) => starterModels.has(id) },
  standard: { name: 'standard', monthlyConversations: 100_000, allowsModel: (id) => !premiumModels.has(id) },
  enterprise: { name: 'enterprise', monthlyConversations: 1_000_000, allowsModel: (id) => modelCatalogue.some((m) => m.id === id) },
};

export function aiPlanOf(name: string): AiPlan {
  return plans[name] ?? plans.starter!;
}
