import type { AgentApiKey } from '@/server/db';

export function agentKeyStatus(key: Pick<AgentApiKey, 'revokedAt' | 'expiresAt'>, now = new Date()): 'active' | 'expired' | 'revoked' {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt <= now) return 'expired';
  return 'active';
}

/** A key as the API shows it: never its hash, and the key itself only in the answer that made it. */
export const presentAgentKey = (key: AgentApiKey) => ({
  id: key.id,
  object: 'api_key' as const,
  type: key.type,
  name: key.name,
  prefix: key.prefix,
  permissions: key.allScopes ? ('all' as const) : null,
  scopes: key.scopes,
  allowed_origins: key.allowedOrigins,
  status: agentKeyStatus(key),
  expires_at: key.expiresAt,
  revoked_at: key.revokedAt,
  last_used_at: key.lastUsedAt,
  created_at: key.createdAt,
});
