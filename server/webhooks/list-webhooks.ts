import { db } from '@/server/db';
import { presentWebhook, presentWebhookForDashboard } from './present-webhook';

/** The organization's webhooks, oldest first; a handful per organization, so unpaged. */
export async function listWebhooks(orgId: string) {
  const rows = await db.webhook.findMany({ where: { orgId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return { data: rows.map(presentWebhook), has_more: false };
}

export async function listWebhooksForDashboard(orgId: string) {
  const rows = await db.webhook.findMany({ where: { orgId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return rows.map(presentWebhookForDashboard);
}
