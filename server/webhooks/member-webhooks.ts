import type { MemberRole } from '@/server/db';
import { createWebhook } from './create-webhook';
import { listWebhooksForDashboard } from './list-webhooks';
import { resendDelivery } from './resend-delivery';
import { testWebhook } from './test-webhook';
import { deleteWebhook, updateWebhook } from './update-webhook';
import { assertCanManageWebhooks, canManageWebhooks } from './webhook-permission';
import { generateWebhookSecret } from './webhook-rules';

/** The dashboard's webhooks, and whether the member's role may change them. */
export async function listWebhooksForMember(orgId: string, role: MemberRole) {
  return { canManage: canManageWebhooks(role), webhooks: await listWebhooksForDashboard(orgId) };
}

/**
 * The dashboard's webhook changes, for a member whose role manages webhooks (else
 * OrgAccessError). The /v1 API reaches the same services, authorized by its key's scopes.
 */
export function webhookManager(orgId: string, role: MemberRole) {
  assertCanManageWebhooks(role);
  return {
    create: (input: Parameters<typeof createWebhook>[1]) => createWebhook(orgId, input),
    update: (webhookId: string, changes: Parameters<typeof updateWebhook>[2]) => updateWebhook(orgId, webhookId, changes),
    rotateSecret: async (webhookId: string) => {
      const secret = generateWebhookSecret();
      await updateWebhook(orgId, webhookId, { secret });
      return { secret };
    },
    delete: (webhookId: string) => deleteWebhook(orgId, webhookId),
    test: (webhookId: string) => testWebhook(orgId, webhookId),
    resend: (webhookId: string, deliveryId: string) => resendDelivery(orgId, webhookId, deliveryId),
  };
}
