import { ApiError, notFound } from '@/server/errors/api-error';
import { db, type MemberRole } from '@/server/db';
import { assertCanManageApiKeys } from './api-key-permission';
import { notifyCallerChange } from './notify-caller-change';
import { presentApiKey } from './present-api-key';

interface SetApiKeyEnabledOptions {
  orgId: string;
  role: MemberRole;
  keyId: string;
  enabled: boolean;
}

/** Switches a key off or back on; /v1 sees the change at once. A revoked key stays revoked. */
export async function setApiKeyEnabled({ orgId, role, keyId, enabled }: SetApiKeyEnabledOptions) {
  assertCanManageApiKeys(role);
  const key = await db.apiKey.findFirst({ where: { id: keyId, orgId } });
  if (!key) throw notFound('API key', 'id');
  if (key.revokedAt) throw new ApiError('invalid_parameter', 'This key was revoked; revoked keys cannot be switched on or off.', { param: 'id' });
  const updated = await db.apiKey.update({
    where: { id: keyId, orgId },
    // Switching off twice keeps the first time it was switched off.
    data: { disabledAt: enabled ? null : (key.disabledAt ?? new Date()) },
  });
  await notifyCallerChange();
  return presentApiKey(updated);
}
