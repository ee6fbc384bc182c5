import { db } from '@/server/db';
import { historyRetentionMs } from './delivery-schedule';

/** Drops attempts older than 7 days, and finished deliveries last touched before then. */
export async function purgeDeliveryHistory(now = new Date()): Promise<{ attempts: number; deliveries: number }> {
  const cutoff = new Date(now.getTime() - historyRetentionMs);
  const attempts = await db.webhookDeliveryAttempt.deleteMany({ where: { createdAt: { lt: cutoff } } });
  const deliveries = await db.webhookDelivery.deleteMany({ where: { updatedAt: { lt: cutoff }, state: { not: 'pending' } } });
  return { attempts: attempts.count, deliveries: deliveries.count };
}
