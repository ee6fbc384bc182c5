import { db, type MemberRole } from '@/server/db';
import { newId } from '@/server/db/ids';
import type { ApiKeyInput } from './api-key-input';
import { assertCanManageApiKeys } from './api-key-permission';
import { displayPrefix, generateApiKey, hashApiKey } from './key-format';
import { presentApiKey } from './present-api-key';

interface CreateApiKeyOptions {
  orgId: string;
  role: MemberRole;
  userId: string;
  input: ApiKeyInput;
}

/** Issues a key (the dashboard is the only place that does); the answer is the only time the full key exists. */
export async function createApiKey({ orgId, role, userId, input }: CreateApiKeyOptions) {
  assertCanManageApiKeys(role);
  const key = generateApiKey();
  const row = await db.apiKey.create({
    data: {
      id: newId('apiKey'),
      orgId,
      name: input.name,
      prefix: displayPrefix(key),
      keyHash: hashApiKey(key),
      scopes: [...new Set(input.scopes)],
      expiresAt: input.expiresAt,
      allowedCidrs: [...new Set(input.allowedCidrs)],
      rateLimitPerMin: input.rateLimitPerMin,
      createdById: userId,
    },
  });
  return { key, apiKey: presentApiKey(row) };
}
