import type { DbTx, MessageStatus, RecipientStatus } from '@/server/db';
import { leftToRecount } from './campaign-counters';
import { completeCampaignIfDone } from './campaign-transitions';

/** Which recipient statuses a message status may move the recipient from (never backwards). */
const movesFrom: Record<Exclude<MessageStatus, 'pending'>, RecipientStatus[]> = {
  sent: ['queued'],
  delivered: ['queued', 'sent'],
  read: ['queued', 'sent', 'delivered'],
  failed: ['queued', 'sent'],
};

const reached = (status: string, counted: string[]) => (counted.includes(status) ? 1 : 0);

/**
 * Mirrors a campaign message's new status on its recipient and moves the campaign's counters
 * by the difference, atomically, unless a recount keeps them (see campaign-counters). `sent`,
 * `delivered` and `read` count recipients that got at least that far; `failed` ones leave
 * `sent`, so sent + failed + skipped reaches the total exactly when every recipient is dealt with.
 */
export async function onCampaignMessageStatus(tx: DbTx, messageId: string, status: Exclude<MessageStatus, 'pending'>, outboxIds: string[]) {
  const [moved] = await tx.$queryRaw<Array<{ campaign_id: string; previous: RecipientStatus }>>`
    WITH target AS (
      SELECT r.id, r.status AS previous, m.error_message FROM campaign_recipients r JOIN messages m ON m.campaign_recipient_id = r.id
      WHERE m.id = ${messageId} FOR UPDATE OF r)
    UPDATE campaign_recipients r
    SET status = ${status}::"RecipientStatus", error_message = target.error_message, updated_at = now()
    FROM target
    WHERE r.id = target.id AND target.previous::text = ANY(${movesFrom[status]}::text[])
    RETURNING r.campaign_id, target.previous`;
  if (!moved || (await leftToRecount(tx, moved.campaign_id))) return;
  const delta = (counted: string[]) => reached(status, counted) - reached(moved.previous, counted);
  await tx.$executeRaw`
    UPDATE campaigns SET
      sent_count = sent_count + ${delta(['sent', 'delivered', 'read'])},
      delivered_count = delivered_count + ${delta(['delivered', 'read'])},
      read_count = read_count + ${delta(['read'])},
      failed_count = failed_count + ${delta(['failed'])},
      updated_at = now()
    WHERE id = ${moved.campaign_id}`;
  if (moved.previous === 'queued') {
    await completeCampaignIfDone(tx, moved.campaign_id, outboxIds);
  }
}
