import { db } from '@/server/db';
import { findOwnWebhook } from './get-webhook';
import { presentAttempt } from './present-webhook';

/** A webhook's delivery records (one per attempt), newest first, optionally of one event. */
export async function listDeliveries(orgId: string, webhookId: string, options: { event?: string; limit: number }) {
  await findOwnWebhook(orgId, webhookId);
  const rows = await db.webhookDeliveryAttempt.findMany({
    where: { webhookId, ...(options.event ? { event: options.event } : {}) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: options.limit + 1,
  });
  return { data: rows.slice(0, options.limit).map(presentAttempt), has_more: rows.length > options.limit };
}
