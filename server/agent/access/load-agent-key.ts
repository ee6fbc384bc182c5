import { hashApiKey } from '@/server/api-keys/key-format';
import { cachedCallerLookup } from '@/server/api-keys/caller-cache';
import { getPgPool } from '@/server/db/pg';

export interface AgentKeyRow {
  id: string;
  projectId: string;
  orgId: string;
  type: 'secret' | 'publishable';
  allScopes: boolean;
  scopes: string[];
  allowedOrigins: string[];
  rateLimitPerMin: number;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/**
 * The key behind a bearer token, from memory for a few seconds (the cache messaging keys use;
 * revoking or rolling a key announces the change, so it takes effect on the next request).
 */
export function loadAgentKey(token: string): Promise<AgentKeyRow | null> {
  const keyHash = hashApiKey(token);
  return cachedCallerLookup(`agent-key:${keyHash}`, async () => {
    const { rows } = await getPgPool().query<AgentKeyRow>({
      name: 'agent-key-by-hash',
      text: `SELECT k.id, k.project_id AS "projectId", p.org_id AS "orgId", k.type, k.all_scopes AS "allScopes", k.scopes,
               k.allowed_origins AS "allowedOrigins", k.rate_limit_per_min AS "rateLimitPerMin", k.expires_at AS "expiresAt", k.revoked_at AS "revokedAt"
             FROM agent_api_keys k JOIN agent_projects p ON p.id = k.project_id WHERE k.key_hash = $1`,
      values: [keyHash],
    });
    return rows[0] ?? null;
  });
}
