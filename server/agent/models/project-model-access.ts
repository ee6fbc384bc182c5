import { cachedCallerLookup } from '@/server/api-keys/caller-cache';
import { config } from '@/server/config';
import { sealSecret, openSecret } from '@/server/secrets/secret-cipher';
import { getPgPool } from '@/server/db/pg';
import { aiPlanOf, type AiPlan } from './plans';
import type { CatalogueModel } from './catalogue';

/** A valid provider credential of the project, as runs use it (the key stays encrypted until a call). */
export interface UsableCredential {
  id: string;
  provider: string;
  baseUrl: string | null;
  keyCiphertext: string;
}

/** What a project may use: its organization's plan and cost cap, its valid credentials (newest first), its AI switch. */
export interface ProjectModelAccess {
  plan: AiPlan;
  dailyCostCapMicros: bigint | null;
  providersWithKey: ReadonlySet<string>;
  /** Valid credentials by id, with their provider (agents may name one). */
  validCredentials: ReadonlyMap<string, string>;
  credentials: readonly UsableCredential[];
  /** Valid credentials no configured CREDENTIALS_SECRET opens (by id, with their provider): they serve nothing until entered again. */
  undecryptableCredentials: ReadonlyMap<string, string>;
  aiPaused: boolean;
}

/**
 * One indexed query, kept in memory for a few seconds by the caller cache (GET /v1/models and
 * every ask read it, on the liveness budget): the plan and cost cap through the project's
 * organization and its valid credentials. Whatever changes them (credentials, the cost cap,
 * the plan, the AI switch) calls notifyCallerChange after it commits, so the next request sees it.
 */
export function loadProjectModelAccess(projectId: string): Promise<ProjectModelAccess> {
  return cachedCallerLookup(`agent-model-access:${projectId}`, () => queryProjectModelAccess(projectId));
}

interface AccessRow {
  aiPlan: string;
  aiPaused: boolean;
  dailyCostCapMicros: string | null;
  credentials: UsableCredential[] | null;
}

async function queryProjectModelAccess(projectId: string): Promise<ProjectModelAccess> {
  const { rows } = await getPgPool().query<AccessRow>({
    name: 'agent-project-model-access',
    text: `SELECT o.ai_plan AS "aiPlan", p.ai_paused AS "aiPaused", o.daily_cost_cap_micros::text AS "dailyCostCapMicros",
             (SELECT json_agg(json_build_object('id', c.id, 'provider', c.provider, 'baseUrl', c.base_url, 'keyCiphertext', c.key_ciphertext)
                              ORDER BY c.created_at DESC, c.id DESC)
                FROM provider_credentials c WHERE c.project_id = p.id AND c.status = 'valid') AS credentials
           FROM agent_projects p JOIN organizations o ON o.id = p.org_id WHERE p.id = $1`,
    values: [projectId],
  });
  const row = rows[0];
  // Tried once per load: a key no secret opens must show as a blocker, not fail a run.
  const credentials = (row?.credentials ?? []).filter((c) => openSecret(c.keyCiphertext) !== null);
  const undecryptable = (row?.credentials ?? []).filter((c) => !credentials.includes(c));
  return {
    plan: aiPlanOf(row?.aiPlan ?? ''),
    dailyCostCapMicros: row?.dailyCostCapMicros == null ? null : BigInt(row.dailyCostCapMicros),
    providersWithKey: new Set(credentials.map((c) => c.provider)),
    validCredentials: new Map(credentials.map((c) => [c.id, c.provider])),
    credentials,
    undecryptableCredentials: new Map(undecryptable.map((c) => [c.id, c.provider])),
    aiPaused: row?.aiPaused ?? false,
  };
}

/** The id runs give the platform's own key, which is no project's credential. */
export const PLATFORM_CREDENTIAL_ID = 'platform';
let platformCredential: UsableCredential | null | undefined;

/** The platform's own OpenAI key as a credential (encrypted once per process, as project keys are kept), or null when none is configured. */
export function platformOpenAiCredential(): UsableCredential | null {
  if (platformCredential === undefined) {
    const key = config.PLATFORM_OPENAI_API_KEY;
    platformCredential = key ? { id: PLATFORM_CREDENTIAL_ID, provider: 'openai', baseUrl: null, keyCiphertext: sealSecret(key) } : null;
  }
  return platformCredential;
}

/**
 * A model can be answered when the project has a valid key for its provider; a
 * platform-provided model, when the platform's own key is configured (projects never pay it
 * with theirs). An agent that names its credential uses that one only: an OpenAI-compatible
 * server answers Chat Completions.
 */
export function isModelConfigured(access: ProjectModelAccess, model: CatalogueModel, namedCredential: string | null = null): boolean {
  if (model.platform_provided) return platformOpenAiCredential() !== null;
  if (namedCredential === null) return access.providersWithKey.has(model.provider);
  const provider = access.validCredentials.get(namedCredential);
  return provider !== undefined && credentialServes(provider, model);
}

export const credentialServes = (provider: string, model: CatalogueModel): boolean =>
  provider === model.provider || (provider === 'openai_compatible' && model.api === 'openai_chat');
