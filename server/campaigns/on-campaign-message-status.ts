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

export interface CampaignMessageMove {
  messageId: string;
  status: Exclude<MessageStatus, 'pending'>;
}

/**
 * Mirrors campaign messages' new statuses on their recipients and moves each campaign's
 * counters by the summed difference, atomically, unless a recount keeps them (see
 * campaign-counters). `sent`, `delivered` and `read` count recipients that got at least that
 * far; `failed` ones leave `sent`, so sent + failed + skipped reaches the total exactly when
 * every recipient is dealt with. Messages of no campaign are passed over. Recipients are
 * locked in id order, so concurrent batches cannot deadlock.
 */
export async function onCampaignMessageStatuses(tx: DbTx, moves: CampaignMessageMove[]): Promise<void> {
  if (moves.length === 0) return;
  const moved = await tx.$queryRaw<Array<{ campaign_id: string; previous: RecipientStatus; status: RecipientStatus }>>`
    WITH input AS (
      SELECT * FROM unnest(${moves.map((m) => m.messageId)}::text[], ${moves.map((m) => m.status)}::text[],
                           ${moves.map((m) => movesFrom[m.status].join(','))}::text[]) AS t(message_id, status, movable_from)
    ), target AS (
      SELECT r.id, r.status AS previous, m.error_message, i.status, i.movable_from
      FROM input i JOIN messages m ON m.id = i.message_id JOIN campaign_recipients r ON r.id = m.campaign_recipient_id
      ORDER BY r.id FOR UPDATE OF r)
    UPDATE campaign_recipients r
    SET status = target.status::"RecipientStatus", error_message = target.error_message, updated_at = now()
    FROM target
    WHERE r.id = target.id AND target.previous::text = ANY(string_to_array(target.movable_from, ','))
    RETURNING r.campaign_id, target.previous, r.status`;
  const byCampaign = new Map<string, typeof moved>();
  for (const row of moved) byCampaign.set(row.campaign_id, [...(byCampaign.get(row.campaign_id) ?? []), row]);
  for (const [campaignId, rows] of byCampaign) {
    if (await leftToRecount(tx, campaignId)) continue;
    const delta = (counted: string[]) => rows.reduce((sum, row) => sum + reached(row.status, counted) - reached(row.previous, counted), 0);
    await tx.$executeRaw`
      UPDATE campaigns SET
        sent_count = sent_count + ${delta(['sent', 'delivered', 'read'])},
        delivered_count = delivered_count + ${delta(['delivered', 'read'])},
        read_count = read_count + ${delta(['read'])},
        failed_count = failed_count + ${delta(['failed'])},
        updated_at = now()
      WHERE id = ${campaignId}`;
    if (rows.some((row) => row.previous === 'queued')) await completeCampaignIfDone(tx, campaignId);
  }
}
