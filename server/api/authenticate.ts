import type { ApiScope } from '@/server/api-keys/scopes';
import { currentKeyPattern, hashApiKey, legacyKeyPattern } from '@/server/api-keys/key-format';
import { cachedCallerLookup } from '@/server/api-keys/caller-cache';
import { getPgPool } from '@/server/db/pg';
import { addressInCidrs } from '@/server/http/cidr';
import { ApiError } from '@/server/errors/api-error';
import { noteKeyUsed } from './last-used';

export interface ApiCaller {
  keyId: string;
  orgId: string;
  scopes: string[];
  rateLimitPerMin: number;
  key: {
    id: string;
    name: string;
    prefix: string;
    scopes: string[];
    rateLimitPerMin: number;
    expiresAt: Date | null;
    lastUsedAt: Date | null;
  };
}

/**
 * Who is calling: the API key from `Authorization: Bearer …`, checked for every condition of
 * the errors table in a fixed order (validity, address, subscription). Scopes are checked
 * separately (`requireScope`) so a rate-limited key still learns it is rate limited first.
 */
export async function authenticate(authorization: string | null, address: string): Promise<ApiCaller> {
  if (!authorization) throw new ApiError('missing_api_key', 'No API key provided. Send it as `Authorization: Bearer <API_KEY>`.');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) throw new ApiError('invalid_api_key', 'The Authorization header must be `Bearer <API_KEY>`.');
  const token = match[1] as string;
  const isLegacy = legacyKeyPattern.test(token);
  if (!isLegacy && !currentKeyPattern.test(token)) throw new ApiError('invalid_api_key', 'The API key is malformed.');

  const keyHash = hashApiKey(token);
  const key = await cachedCallerLookup(`key:${keyHash}`, () => loadKey(keyHash));
  if (!key) throw new ApiError('invalid_api_key', 'The API key was not recognised.');
  if (isLegacy || key.format === 'legacy') {
    throw new ApiError('legacy_api_key', 'Older-format API keys cannot call /v1. Create a new key in the dashboard.');
  }
  const now = Date.now();
  if (key.revokedAt) throw new ApiError('api_key_revoked', `The API key ${key.prefix}… was revoked.`);
  if (key.expiresAt && key.expiresAt.getTime() <= now) {
    throw new ApiError('api_key_expired', `The API key ${key.prefix}… expired at ${key.expiresAt.toISOString()}.`);
  }
  if (key.disabledAt) throw new ApiError('api_key_disabled', `The API key ${key.prefix}… is switched off.`);
  if (key.allowedCidrs.length > 0 && !addressInCidrs(address, key.allowedCidrs)) {
    throw new ApiError('ip_not_allowed', `Requests from ${address || 'an unknown address'} are not allowed for this API key.`);
  }
  if (key.subscriptionStatus !== 'active') {
    throw new ApiError('subscription_inactive', "The organization's subscription is not active.");
  }
  noteKeyUsed(key.id);
  return {
    keyId: key.id,
    orgId: key.orgId,
    scopes: key.scopes,
    rateLimitPerMin: key.rateLimitPerMin,
    key: {
      id: key.id,
      name: key.name,
      prefix: key.prefix,
      scopes: key.scopes,
      rateLimitPerMin: key.rateLimitPerMin,
      expiresAt: key.expiresAt,
      lastUsedAt: new Date(now),
    },
  };
}

export function requireScope(caller: ApiCaller, scope: ApiScope): void {
  if (!caller.scopes.includes(scope)) {
    throw new ApiError('insufficient_scope', `This API key lacks the \`${scope}\` scope this endpoint requires.`);
  }
}

interface KeyRow {
  id: string;
  orgId: string;
  name: string;
  prefix: string;
  format: 'v1' | 'legacy';
  scopes: string[];
  rateLimitPerMin: number;
  expiresAt: Date | null;
  revokedAt: Date | null;
  disabledAt: Date | null;
  allowedCidrs: string[];
  subscriptionStatus: string;
}

async function loadKey(keyHash: string): Promise<KeyRow | null> {
  const { rows } = await getPgPool().query<KeyRow>({
    name: 'api-key-by-hash',
    text: `SELECT k.id, k.org_id AS "orgId", k.name, k.prefix, k.format, COALESCE(k.scopes, '{}') AS scopes, k.rate_limit_per_min AS "rateLimitPerMin",
             k.expires_at AS "expiresAt", k.revoked_at AS "revokedAt", k.disabled_at AS "disabledAt",
             COALESCE(k.allowed_cidrs, '{}') AS "allowedCidrs", o.subscription_status AS "subscriptionStatus"
           FROM api_keys k JOIN organizations o ON o.id = k.org_id WHERE k.key_hash = $1`,
    values: [keyHash],
  });
  return rows[0] ?? null;
}
