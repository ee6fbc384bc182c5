import { onCampaignMessageStatuses } from '@/server/campaigns/on-campaign-message-status';
import { Prisma, type DbTx, type MessageStatus } from '@/server/db';
import { publishEvents } from '@/server/events/publish-event';
import { messageApiInclude, presentMessage } from './present-message';
import { statusesBefore } from './status';

export type TrackedStatus = Exclude<MessageStatus, 'pending'>;

export interface StatusChange {
  /** The message's id or its wamid, as the caller matches by. Unique within one call. */
  key: string;
  status: TrackedStatus;
  at: Date;
  errorCode?: string;
  errorMessage?: string;
  /** Recorded when the message has no wamid yet (the send's answer, or a status adopting it). */
  wamid?: string;
}

/**
 * Moves each message to its new status if that is forward from where it is (the status
 * condition in the one UPDATE settles races between concurrent writers), and announces every
 * move (`message.<status>`) in the same transaction, all events with one fan-out job. Many
 * messages cost a constant number of statements, so a platform webhook carrying hundreds of
 * statuses, or the sends of one worker tick, are recorded at once. Returns the keys that moved.
 */
export async function advanceMessageStatuses(
  tx: DbTx,
  by: 'id' | 'wamid',
  changes: StatusChange[],
  outboxIds: string[],
): Promise<Set<string>> {
  if (changes.length === 0) return new Set();
  const column = Prisma.raw(by === 'id' ? 'm.id' : 'm.wamid');
  const moved = await tx.$queryRaw<Array<{ id: string; key: string; campaign_recipient_id: string | null; status: TrackedStatus }>>`
    WITH input AS (
      SELECT * FROM unnest(
        ${changes.map((c) => c.key)}::text[], ${changes.map((c) => c.status)}::text[], ${changes.map((c) => statusesBefore[c.status].join(','))}::text[],
        ${changes.map((c) => c.at)}::timestamptz[], ${changes.map((c) => c.errorCode ?? null)}::text[],
        ${changes.map((c) => c.errorMessage ?? null)}::text[], ${changes.map((c) => c.wamid ?? null)}::text[]
      ) AS t(key, status, movable_from, at, error_code, error_message, wamid)
    ), locked AS (
      -- Rows are locked in id order, so batches touching the same messages cannot deadlock.
      SELECT m.id FROM messages m JOIN input i ON ${column} = i.key ORDER BY m.id FOR UPDATE OF m
    )
    UPDATE messages m SET
      status = i.status::"MessageStatus",
      sent_at = CASE WHEN i.status = 'sent' THEN i.at ELSE m.sent_at END,
      delivered_at = CASE WHEN i.status = 'delivered' THEN i.at ELSE m.delivered_at END,
      read_at = CASE WHEN i.status = 'read' THEN i.at ELSE m.read_at END,
      failed_at = CASE WHEN i.status = 'failed' THEN i.at ELSE m.failed_at END,
      error_code = COALESCE(i.error_code, m.error_code),
      error_message = COALESCE(i.error_message, m.error_message),
      wamid = COALESCE(m.wamid, i.wamid),
      updated_at = now()
    FROM input i, locked l
    WHERE m.id = l.id AND ${column} = i.key AND m.direction = 'outgoing'
      AND m.status::text = ANY(string_to_array(i.movable_from, ','))
      AND (i.wamid IS NULL OR m.wamid IS NULL OR m.wamid = i.wamid)
    RETURNING m.id, i.key, m.campaign_recipient_id, m.status::text AS status`;
  if (moved.length === 0) return new Set();

  await onCampaignMessageStatuses(
    tx,
    moved.filter((row) => row.campaign_recipient_id).map((row) => ({ messageId: row.id, status: row.status })),
    outboxIds,
  );
  const messages = await tx.message.findMany({ where: { id: { in: moved.map((row) => row.id) } }, include: messageApiInclude });
  const { outboxId } = await publishEvents(
    tx,
    messages.map((message) => ({
      orgId: message.orgId,
      event: `message.${message.status as TrackedStatus}` as const,
      subject: { message: presentMessage(message, { detailed: true }) },
    })),
  );
  if (outboxId) outboxIds.push(outboxId);
  return new Set(moved.map((row) => row.key));
}
