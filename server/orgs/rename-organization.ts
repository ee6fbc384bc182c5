import { notifyCallerChange } from '@/server/api-keys/notify-caller-change';
import { db, type MemberRole } from '@/server/db';
import { assertCanManageMembers } from './member-permission';

/** Renames the organization; its slug stays, so nothing that refers to it breaks. */
export async function renameOrganization({ orgId, actorRole, name }: { orgId: string; actorRole: MemberRole; name: string }) {
  assertCanManageMembers(actorRole);
  const org = await db.organization.update({ where: { id: orgId }, data: { name: name.trim() } });
  await notifyCallerChange(); // /v1/me shows the name
  return { id: org.id, name: org.name };
}
