import { onCampaignMessageStatuses } from '@/server/campaigns/on-campaign-message-status';
import { Prisma, type DbTx, type MessageDirection, type MessageStatus, type MessageType } from '@/server/db';
import { publishEvents } from '@/server/webhook-events/publish-event';
import { presentMessage, type PresentableMessage } from './present-message';
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

type MovedMessage = Omit<PresentableMessage, 'contact' | 'account' | 'status' | 'type' | 'direction'> & {
  key: string;
  orgId: string;
  campaignRecipientId: string | null;
  status: TrackedStatus;
  type: MessageType;
  direction: MessageDirection;
  contactPhoneNumber: string;
  accountName: string;
};

/**
 * Moves each message to its new status if that is forward from where it is (the status
 * condition in the one UPDATE settles races between concurrent writers), and announces every
 * move (`message.<status>`) in the same transaction, all events with one fan-out job. Many
 * messages cost a constant number of statements, so a platform webhook carrying hundreds of
 * statuses, or the sends of one worker tick, are recorded at once. Returns the keys that moved.
 */
export async function advanceMessageStatuses(tx: DbTx, by: 'id' | 'wamid', changes: StatusChange[]): Promise<Set<string>> {
  if (changes.length === 0) return new Set();
  const column = Prisma.raw(by === 'id' ? 'm.id' : 'm.wamid');
  const moved = await tx.$queryRaw<MovedMessage[]>`
    WITH input AS (
      SELECT * FROM unnest(
        ${changes.map((c) => c.key)}::text[], ${changes.map((c) => c.status)}::text[], ${changes.map((c) => statusesBefore[c.status].join(','))}::text[],
        ${changes.map((c) => c.at)}::timestamptz[], ${changes.map((c) => c.errorCode ?? null)}::text[],
        ${changes.map((c) => c.errorMessage ?? null)}::text[], ${changes.map((c) => c.wamid ?? null)}::text[]
      ) AS t(key, status, movable_from, at, error_code, error_message, wamid)
    ), locked AS (
      -- Rows are locked in id order, so batches touching the same messages cannot deadlock. Only
      -- rows the status can move are locked: statuses only go forward, so a row it cannot move
      -- now it never can, and repeats (the platform's \`sent\` after the send's answer) wait for no one.
      SELECT m.id FROM messages m JOIN input i ON ${column} = i.key
      WHERE m.status::text = ANY(string_to_array(i.movable_from, ','))
      ORDER BY m.id FOR UPDATE OF m
    ), moved AS (
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
      RETURNING m.*, i.key
    )
    -- What the events present, read in the same statement (the ORM's include cost showed in profiles).
    SELECT moved.id, moved.key, moved.org_id AS "orgId", moved.contact_id AS "contactId", moved.campaign_recipient_id AS "campaignRecipientId",
           moved.type::text, moved.direction::text, moved.status::text, moved.content, moved.has_media AS "hasMedia",
           moved.template_name AS "templateName", moved.reference, moved.wamid, moved.error_code AS "errorCode",
           moved.error_message AS "errorMessage", moved.author_type::text AS "authorType",
           moved.author_agent_id AS "authorAgentId", moved.author_run_id AS "authorRunId", moved.author_user_id AS "authorUserId", moved.created_at AS "createdAt", moved.updated_at AS "updatedAt",
           c.phone_number AS "contactPhoneNumber", a.name AS "accountName"
    FROM moved JOIN contacts c ON c.id = moved.contact_id JOIN accounts a ON a.id = moved.account_id`;
  if (moved.length === 0) return new Set();

  await onCampaignMessageStatuses(
    tx,
    moved.filter((row) => row.campaignRecipientId).map((row) => ({ messageId: row.id, status: row.status })),
  );
  await publishEvents(
    tx,
    moved.map((row) => ({
      orgId: row.orgId,
      event: `message.${row.status}` as const,
      subject: {
        message: presentMessage(
          { ...row, contact: { phoneNumber: row.contactPhoneNumber }, account: { name: row.accountName } },
          { detailed: true },
        ),
      },
    })),
  );
  return new Set(moved.map((row) => row.key));
}
