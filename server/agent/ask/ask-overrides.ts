import { z } from 'zod';
import { AgentError } from '@/server/errors/agent-error';
import { overridableFields, type AgentConfig, type OverridableField } from '@/server/agent/agents/agent-config';

export interface AskOverrides {
  model?: string;
  temperature?: number;
  max_reply_tokens?: number;
  instructions_append?: string;
}

const valueSchemas: Record<OverridableField, z.ZodType> = {
  model: z.string().min(1).max(100),
  temperature: z.number().min(0).max(2),
  max_reply_tokens: z.number().int().min(1).max(32_000),
  instructions_append: z.string().max(4_000),
};

/**
 * Per-request overrides (docs/agent-api.md §1.9): only fields the published `overrides.allowed`
 * lists, and `model` only to ids in `overrides.models`. Any other field (never_handle,
 * escalation_reply, tool grants included) is 422 `override_not_allowed`, naming the field as
 * the caller sent it (`paramOf`: chat completions' `/max_tokens` rather than the internal name).
 */
export function checkOverrides(given: Record<string, unknown>, config: AgentConfig, paramOf: Partial<Record<string, string>> = {}): AskOverrides {
  const allowed = new Set<string>(config.overrides.allowed);
  const checked: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(given)) {
    const param = paramOf[field] ?? `/overrides/${field}`;
    if (!allowed.has(field) || !(overridableFields as readonly string[]).includes(field)) throw new AgentError('override_not_allowed', { param });
    const parsed = valueSchemas[field as OverridableField].safeParse(value);
    if (!parsed.success) throw new AgentError('validation_failed', { param, details: { detail: parsed.error.issues[0]?.message ?? 'invalid' } });
    checked[field] = parsed.data;
  }
  if (typeof checked.model === 'string' && checked.model !== config.model.id && !config.overrides.models.includes(checked.model)) {
    throw new AgentError('override_not_allowed', { param: paramOf.model ?? '/overrides/model' });
  }
  return checked as AskOverrides;
}
