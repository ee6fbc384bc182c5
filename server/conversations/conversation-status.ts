import { ApiError, notFound } from '@/server/errors/api-error';
import { db, Prisma, type ConversationStatus } from '@/server/db';
import { prismaSql } from '@/server/db/sql';
import { newId } from '@/server/db/ids';
import { publishInboxChange } from '@/server/live/publish-inbox-change';
import { closeConversationPeriod, openConversationPeriod } from './conversation-periods';
import { recordConversationEvent } from './conversation-events';

/** The longest snooze; past it a conversation is resolved, not snoozed. */
export const MAX_SNOOZE_MS = 365 * 24 * 3600_000;

export type ConversationStatusChange = { status: 'open' | 'resolved' } | { status: 'snoozed'; until: Date };

/**
 * A conversation's status as of `now`: a snooze whose time has come is open, whether or not
 * the wake-up sweep has written it yet.
 */
export function effectiveStatus(
  row: { conversationStatus: ConversationStatus; snoozedUntil: Date | null },
  now = Date.now(),
): ConversationStatus {
  const woken = row.conversationStatus === 'snoozed' && (row.snoozedUntil?.getTime() ?? 0) <= now;
  return woken ? 'open' : row.conversationStatus;
}

/** The contacts whose conversation has `status` as of `now` (see effectiveStatus). */
export function statusWhere(status: ConversationStatus, now = new Date()): Prisma.ContactWhereInput {
  if (status === 'resolved') return { conversationStatus: 'resolved' };
  if (status === 'snoozed') return { conversationStatus: 'snoozed', snoozedUntil: { gt: now } };
  return { OR: [{ conversationStatus: 'open' }, { conversationStatus: 'snoozed', snoozedUntil: { lte: now } }] };
}

/**
 * Opens, snoozes (until a time within a year) or resolves a conversation, and tells open dashboards.
 * `actorId` is the member who did it, recorded on the period the reports count.
 */
export async function setConversationStatus(
  orgId: string,
  contactId: string,
  change: ConversationStatusChange,
  now = new Date(),
  actorId: string | null = null,
): Promise<void> {
  if (change.status === 'snoozed') {
    const ahead = change.until.getTime() - now.getTime();
    if (!(ahead > 0)) throw new ApiError('invalid_parameter', 'Snooze until a time in the future.', { param: 'until' });
    if (ahead > MAX_SNOOZE_MS) throw new ApiError('invalid_parameter', 'A conversation can be snoozed for a year at most.', { param: 'until' });
  }
  // The status, the period the reports count and the thread's event line change together or not at all.
  await db.$transaction(async (tx) => {
    const [before] = await tx.$queryRaw<Array<{ conversationStatus: ConversationStatus; snoozedUntil: Date | null }>>`
      SELECT conversation_status AS "conversationStatus", snoozed_until AS "snoozedUntil"
      FROM contacts WHERE id = ${contactId} AND org_id = ${orgId} FOR UPDATE`;
    if (!before) throw notFound('conversation');
    await tx.contact.update({
      where: { id: contactId },
      data: { conversationStatus: change.status, snoozedUntil: change.status === 'snoozed' ? change.until : null },
    });
    if (change.status === 'resolved') await closeConversationPeriod(tx, orgId, contactId, actorId, now);
    if (change.status === 'open') await openConversationPeriod(tx, orgId, contactId, now);
    const was = effectiveStatus(before, now.getTime());
    if (was === change.status && change.status !== 'snoozed') return;
    await recordConversationEvent(prismaSql(tx), {
      orgId,
      contactId,
      kind: change.status === 'open' ? 'reopened' : change.status,
      actor: actorId ? { type: 'member', id: actorId } : { type: 'system' },
      detail: change.status === 'snoozed' ? { until: change.until.toISOString() } : {},
      at: now,
    });
  });
  await publishInboxChange(orgId, contactId, `status:${change.status}`);
}

/** How many conversations have each status, among those `where` selects. */
export async function countByStatus(where: Prisma.ContactWhereInput, now = new Date()): Promise<Record<ConversationStatus, number>> {
  const statuses: ConversationStatus[] = ['open', 'snoozed', 'resolved'];
  const counts = await db.$transaction(statuses.map((status) => db.contact.count({ where: { AND: [where, statusWhere(status, now)] } })));
  return Object.fromEntries(statuses.map((status, i) => [status, counts[i] ?? 0])) as Record<ConversationStatus, number>;
}

const WAKE_BATCH = 1_000;

/**
 * Writes back as open the snoozed conversations whose time has come, a batch at a time (rows
 * another transaction holds are left for the next run), and tells each organization's
 * dashboards. The maintenance queue runs it every 15 seconds.
 */
export async function wakeSnoozedConversations(now = new Date()): Promise<number> {
  let woken = 0;
  for (;;) {
    // The conversations and their "snooze ended" lines commit together.
    const rows = await db.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<Array<{ org_id: string; id: string }>>`
        UPDATE contacts SET conversation_status = 'open', snoozed_until = NULL, updated_at = now()
        WHERE id IN (
          SELECT id FROM contacts WHERE conversation_status = 'snoozed' AND snoozed_until <= ${now}
          LIMIT ${WAKE_BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING org_id, id`;
      if (rows.length > 0) {
        await tx.conversationEvent.createMany({
          data: rows.map((row) => ({
            id: newId('conversationEvent'),
            orgId: row.org_id,
            contactId: row.id,
            kind: 'reopened',
            actorType: 'system',
            detail: { reason: 'snooze_ended' },
            createdAt: now,
          })),
        });
      }
      return rows;
    });
    await Promise.all(rows.map((row) => publishInboxChange(row.org_id, row.id, 'status:open')));
    woken += rows.length;
    if (rows.length < WAKE_BATCH) return woken;
  }
}
