import { db } from '@/server/db';
import { presentApiKey } from './present-api-key';

/** Every key of the organization, newest first, revoked ones included so their history stays visible. */
export async function listApiKeys(orgId: string) {
  const keys = await db.apiKey.findMany({ where: { orgId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  return keys.map(presentApiKey);
}
