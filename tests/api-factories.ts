import { displayPrefix, generateApiKey, hashApiKey } from '@/server/api-keys/key-format';
import { apiScopes, type ApiScope } from '@/server/api-keys/scopes';
import { db } from '@/server/db';
import { newId } from '@/server/db/ids';

/** An API key of `orgId` written straight to the database; returns the row and the plain key to call with. */
export async function createApiKey(orgId: string, options: { scopes?: ApiScope[]; name?: string; rateLimitPerMin?: number } = {}) {
  const key = generateApiKey();
  const row = await db.apiKey.create({
    data: {
      id: newId('apiKey'),
      orgId,
      name: options.name ?? 'Test key',
      prefix: displayPrefix(key),
      keyHash: hashApiKey(key),
      scopes: options.scopes ?? [...apiScopes],
      rateLimitPerMin: options.rateLimitPerMin ?? 10_000,
    },
  });
  return { ...row, key };
}
