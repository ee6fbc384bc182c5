import { hashApiKey } from '@/server/api-keys/key-format';
import { notifyCallerChange } from '@/server/api-keys/notify-caller-change';
import { db, type AgentApiKey, type DbTx } from '@/server/db';
import { newId } from '@/server/db/ids';
import { AgentError } from '@/server/errors/agent-error';
import type { ProjectCaller } from '@/server/agent/access/agent-caller';
import { agentKeyDisplayPrefix, generateAgentKey, type AgentKeyType } from '@/server/agent/access/agent-key-format';
import { pageAgentList, type AgentListParams } from '@/server/agent/http/agent-paging';
import { keyReachOf, type AgentKeyInput, type AgentKeyReach } from './key-input';
import { presentAgentKey } from './present-agent-key';

/** A key with `keys:write` but not `permissions: all` manages publishable keys only (docs/agent-api.md §1.2). */
function assertMayManage(caller: ProjectCaller, type: AgentKeyType): void {
  if (type === 'secret' && caller.kind === 'secret_key' && !caller.allScopes) {
    throw new AgentError('insufficient_scope', { details: { scope: 'permissions: all' } });
  }
}

async function insertKey(
  tx: DbTx | typeof db,
  projectId: string,
  type: AgentKeyType,
  name: string,
  reach: AgentKeyReach,
  rateLimitPerMin?: number,
) {
  const key = generateAgentKey(type);
  const row = await tx.agentApiKey.create({
    data: { id: newId('apiKey'), projectId, type, name, prefix: agentKeyDisplayPrefix(key), keyHash: hashApiKey(key), ...reach, rateLimitPerMin },
  });
  return { ...presentAgentKey(row), key };
}

/** Issues a key; the answer is the only time the whole key exists. */
export async function createAgentKey(caller: ProjectCaller, input: AgentKeyInput) {
  assertMayManage(caller, input.type);
  return insertKey(db, caller.projectId, input.type, input.name.trim(), keyReachOf(input));
}

export function listAgentKeys(caller: ProjectCaller, params: AgentListParams) {
  const projectId = caller.projectId;
  return pageAgentList(
    params,
    (id) => db.agentApiKey.findFirst({ where: { id, projectId }, select: { id: true, createdAt: true } }),
    (window) => db.agentApiKey.findMany({ where: { AND: [{ projectId }, window.where] }, orderBy: window.orderBy, take: window.take }),
    presentAgentKey,
  );
}

/** The project's key by id; another project's is as missing as one that never existed. */
async function keyOfProject(caller: ProjectCaller, keyId: string): Promise<AgentApiKey> {
  const key = await db.agentApiKey.findFirst({ where: { id: keyId, projectId: caller.projectId } });
  if (!key) throw new AgentError('resource_not_found', { param: 'key', details: { resource: 'API key' } });
  assertMayManage(caller, key.type);
  return key;
}

/** Revokes the key (again is a no-op); cached lookups stop accepting it on the next request. */
export async function revokeAgentKey(caller: ProjectCaller, keyId: string) {
  const key = await keyOfProject(caller, keyId);
  if (key.revokedAt) return presentAgentKey(key);
  const revoked = await db.agentApiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
  await notifyCallerChange();
  return presentAgentKey(revoked);
}

/** A new key with the same name and reach; the old one is revoked in the same transaction. */
export async function rollAgentKey(caller: ProjectCaller, keyId: string) {
  const old = await keyOfProject(caller, keyId);
  const rolled = await db.$transaction(async (tx) => {
    const { count } = await tx.agentApiKey.updateMany({ where: { id: old.id, revokedAt: null }, data: { revokedAt: new Date() } });
    if (count === 0) throw new AgentError('resource_not_found', { param: 'key', details: { resource: 'active API key' } });
    const reach = { allScopes: old.allScopes, scopes: old.scopes, allowedOrigins: old.allowedOrigins, expiresAt: old.expiresAt };
    return insertKey(tx, old.projectId, old.type, old.name, reach, old.rateLimitPerMin);
  });
  await notifyCallerChange();
  return rolled;
}
