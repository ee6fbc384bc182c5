import { db, type MemberRole } from '@/server/db';
import { canManageApiKeys } from './api-key-permission';
import { presentApiKey } from './present-api-key';

/** Every key of the organization, newest first, revoked ones included so their history stays visible. */
export async function listApiKeys(orgId: string) {
  const keys = await db.apiKey.findMany({ where: { orgId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  return keys.map(presentApiKey);
}

/** The dashboard's list: the keys, and whether the member's role may change them. */
export async function listApiKeysForMember(orgId: string, role: MemberRole) {
  return { canManage: canManageApiKeys(role), keys: await listApiKeys(orgId) };
}
