import { getPgPool } from '@/server/db/pg';
import { aiPlanOf, type AiPlan } from './plans';
import type { CatalogueModel } from './catalogue';

/** What a project may use: its organization's plan, the providers it holds a valid key for, its AI switch. */
export interface ProjectModelAccess {
  plan: AiPlan;
  providersWithKey: ReadonlySet<string>;
  /** Valid credentials by id, with their provider (agents may name one). */
  validCredentials: ReadonlyMap<string, string>;
  aiPaused: boolean;
}

/**
 * One indexed query (GET /v1/models is on the liveness budget): the plan through the project's
 * organization and the providers of its valid credentials, by provider_credentials' project index.
 */
export async function loadProjectModelAccess(projectId: string): Promise<ProjectModelAccess> {
  const { rows } = await getPgPool().query<{ aiPlan: string; aiPaused: boolean; credentials: Array<{ id: string; provider: string }> | null }>({
    name: 'agent-project-model-access',
    text: `SELECT o.ai_plan AS "aiPlan", p.ai_paused AS "aiPaused",
             (SELECT json_agg(json_build_object('id', c.id, 'provider', c.provider)) FROM provider_credentials c
               WHERE c.project_id = p.id AND c.status = 'valid') AS credentials
           FROM agent_projects p JOIN organizations o ON o.id = p.org_id WHERE p.id = $1`,
    values: [projectId],
  });
  const row = rows[0];
  const credentials = row?.credentials ?? [];
  return {
    plan: aiPlanOf(row?.aiPlan ?? ''),
    providersWithKey: new Set(credentials.map((c) => c.provider)),
    validCredentials: new Map(credentials.map((c) => [c.id, c.provider])),
    aiPaused: row?.aiPaused ?? false,
  };
}

/**
 * A model can be answered when the project has a valid key for its provider (no platform key
 * is configured in this service yet, so platform-provided models need one too). An agent that
 * names its credential uses that one only: an OpenAI-compatible server answers Chat Completions.
 */
export function isModelConfigured(access: ProjectModelAccess, model: CatalogueModel, namedCredential: string | null = null): boolean {
  if (namedCredential === null) return access.providersWithKey.has(model.provider);
  const provider = access.validCredentials.get(namedCredential);
  return provider !== undefined && credentialServes(provider, model);
}

export const credentialServes = (provider: string, model: CatalogueModel): boolean =>
  provider === model.provider || (provider === 'openai_compatible' && model.api === 'openai_chat');
