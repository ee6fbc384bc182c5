import type { ApiKey } from '@/server/db';

export type ApiKeyStatus = 'active' | 'expired' | 'switched_off' | 'revoked';

/** The same precedence as /v1 authentication, so the page names the error a caller would get. */
export function apiKeyStatus(key: Pick<ApiKey, 'revokedAt' | 'expiresAt' | 'disabledAt'>, now = new Date()): ApiKeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt <= now) return 'expired';
  if (key.disabledAt) return 'switched_off';
  return 'active';
}

/** A key as the dashboard shows it: never its hash. */
export function presentApiKey(key: Omit<ApiKey, 'keyHash'>) {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    allowedCidrs: key.allowedCidrs,
    rateLimitPerMin: key.rateLimitPerMin,
    expiresAt: key.expiresAt,
    disabledAt: key.disabledAt,
    lastUsedAt: key.lastUsedAt,
    createdAt: key.createdAt,
    status: apiKeyStatus(key),
  };
}

export type PresentedApiKey = ReturnType<typeof presentApiKey>;
