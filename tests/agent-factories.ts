import { hashApiKey } from '@/server/api-keys/key-format';
import { db } from '@/server/db';
import { newId, randomBase62 } from '@/server/db/ids';
import { agentKeyDisplayPrefix, generateAgentKey, type AgentKeyType } from '@/server/agent/access/agent-key-format';

/** Agent service rows written straight to the database, with unique names (see factories.ts). */
export async function createAgentProject(orgId: string, name = `Project ${randomBase62(8)}`) {
  return db.agentProject.create({ data: { id: newId('agentProject'), orgId, name } });
}

export async function createAgentKey(
  projectId: string,
  options: { type?: AgentKeyType; scopes?: string[]; allScopes?: boolean; allowedOrigins?: string[]; expiresAt?: Date; revokedAt?: Date; rateLimitPerMin?: number } = {},
) {
  const type = options.type ?? 'secret';
  const key = generateAgentKey(type);
  const row = await db.agentApiKey.create({
    data: {
      id: newId('apiKey'),
      projectId,
      type,
      name: 'test key',
      prefix: agentKeyDisplayPrefix(key),
      keyHash: hashApiKey(key),
      allScopes: options.allScopes ?? (options.scopes === undefined && type === 'secret'),
      scopes: options.scopes ?? [],
      allowedOrigins: options.allowedOrigins ?? [],
      expiresAt: options.expiresAt,
      revokedAt: options.revokedAt,
      rateLimitPerMin: options.rateLimitPerMin,
    },
  });
  return { key, id: row.id };
}
