import { onCampaignMessageStatus } from '@/server/campaigns/on-campaign-message-status';
import { db, type DbTx, type MessageStatus, type Prisma } from '@/server/db';
import { publishEvent } from '@/server/events/publish-event';
import { dispatchOutboxSoon } from '@/server/outbox';
import type { PlatformWebhookItem } from '@/server/platform/webhook-payload';
import { messageApiInclude, presentMessage } from './present-message';
import { statusesBefore, statusTimestampField } from './status';

type StatusItem = Extract<PlatformWebhookItem, { kind: 'status' }>;
type TrackedStatus = Exclude<MessageStatus, 'pending'>;

/**
 * Moves a message to `status` if that is forward from where it is, and announces the change
 * (`message.<status>`) in the same transaction. Returns whether it moved.
 */
export async function advanceMessageStatus(
  tx: DbTx,
  where: Prisma.MessageWhereInput,
  status: TrackedStatus,
  data: Prisma.MessageUpdateManyMutationInput,
  outboxIds: string[],
): Promise<boolean> {
  const target = await tx.message.findFirst({ where, select: { id: true } });
  if (!target) return false;
  // The status condition in the update settles races between concurrent status webhooks.
  const moved = await tx.message.updateMany({
    where: { id: target.id, direction: 'outgoing', status: { in: statusesBefore[status] } },
    data: { ...data, status },
  });
  if (moved.count === 0) return false;
  await onCampaignMessageStatus(tx, target.id, status, outboxIds);
  const message = await tx.message.findUniqueOrThrow({ where: { id: target.id }, include: messageApiInclude });
  const { outboxId } = await publishEvent(tx, message.orgId, `message.${status}`, {
    message: presentMessage(message, { detailed: true }),
  });
  outboxIds.push(outboxId);
  return true;
}

/**
 * Applies one platform status to its message, never moving it backwards. Returns false when
 * no message matches yet (the send's answer may not be recorded yet), so the caller can retry.
 */
export async function applyPlatformStatus(item: StatusItem): Promise<boolean> {
  if (item.status === 'played') return true; // voice-note plays are not a message status here
  const status = item.status;
  const data: Prisma.MessageUpdateManyMutationInput = {
    [statusTimestampField[status]]: item.timestamp,
    ...(item.error
      ? { errorCode: 'upstream_failure', errorMessage: `(#${item.error.code}) ${item.error.message || item.error.title}` }
      : {}),
  };
  const outboxIds: string[] = [];
  const matched = await db.$transaction(async (tx) => {
    if (await advanceMessageStatus(tx, { wamid: item.wamid }, status, data, outboxIds)) return true;
    if ((await tx.message.count({ where: { wamid: item.wamid } })) > 0) return true; // a repeat or out of order: ignored
    // The status outran the send's answer: the platform echoes our message id, so adopt the wamid.
    const ownId = item.bizOpaqueCallbackData;
    return ownId !== undefined && advanceMessageStatus(tx, { id: ownId, wamid: null }, status, { ...data, wamid: item.wamid }, outboxIds);
  });
  await dispatchOutboxSoon(outboxIds);
  return matched;
}
