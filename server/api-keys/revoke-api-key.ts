import { notFound } from '@/server/errors/api-error';
import { db, type MemberRole } from '@/server/db';
import { assertCanManageApiKeys } from './api-key-permission';
import { notifyCallerChange } from './notify-caller-change';
import { presentApiKey } from './present-api-key';

/** Revokes a key for good; /v1 refuses it from the next request. Revoking twice keeps the first time. */
export async function revokeApiKey({ orgId, role, keyId }: { orgId: string; role: MemberRole; keyId: string }) {
  assertCanManageApiKeys(role);
  await db.apiKey.updateMany({ where: { id: keyId, orgId, revokedAt: null }, data: { revokedAt: new Date() } });
  const key = await db.apiKey.findFirst({ where: { id: keyId, orgId } });
  if (!key) throw notFound('API key', 'id');
  await notifyCallerChange();
  return presentApiKey(key);
}
