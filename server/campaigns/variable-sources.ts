import { z } from 'zod';

/**
 * Where a campaign variable's value comes from besides a CSV column (which the dashboard
 * reads into each recipient's `parameters`): one fixed value for everyone, or a field of the
 * recipient's contact. Pure, so the builder's forms and the services share it.
 */
export const campaignContactFields = ['name', 'phone'] as const;
export type CampaignContactField = (typeof campaignContactFields)[number];

export const variableSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fixed'), value: z.string().trim().min(1).max(1024) }),
  z.object({ kind: z.literal('contact'), field: z.enum(campaignContactFields) }),
]);
export type VariableSource = z.infer<typeof variableSource>;

export const variableSources = z.record(z.string().min(1).max(64), variableSource);
export type VariableSources = z.infer<typeof variableSources>;

/** The contact values a source can read; `name` is null when the contact has none (or does not exist yet). */
export interface ContactValues {
  name: string | null;
  phone: string;
}

export type ResolvedVariables = { parameters: Record<string, string>; missing?: undefined } | { parameters?: undefined; missing: MissingField };
export interface MissingField {
  variable: string;
  field: CampaignContactField;
}

/** The recipient's parameters with every sourced variable filled, or the first contact field that is empty. */
export function resolveVariables(sources: VariableSources, parameters: Record<string, string>, contact: ContactValues): ResolvedVariables {
  const resolved = { ...parameters };
  for (const [variable, source] of Object.entries(sources)) {
    if (source.kind === 'fixed') {
      resolved[variable] = source.value;
      continue;
    }
    const value = (contact[source.field] ?? '').trim();
    if (!value) return { missing: { variable, field: source.field } };
    resolved[variable] = value;
  }
  return { parameters: resolved };
}

export const usesContactFields = (sources: VariableSources | undefined) => Object.values(sources ?? {}).some((s) => s.kind === 'contact');

/** Only the variables a template declares: values stored for another template are dropped when a campaign changes template. */
export function pickVariables(parameters: Record<string, string>, variables: string[]): Record<string, string> {
  return Object.fromEntries(variables.filter((v) => parameters[v] !== undefined).map((v) => [v, parameters[v]!]));
}
