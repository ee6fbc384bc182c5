import { db, type MessageStatus } from '@/server/db';
import type { PlatformWebhookItem } from '@/server/platform/webhook-payload';
import { statusesBefore, statusTimestampField } from './status';

type StatusItem = Extract<PlatformWebhookItem, { kind: 'status' }>;

/**
 * Applies one platform status to its message, never moving it backwards. Returns false when
 * no message matches yet (the send's answer may not be recorded yet), so the caller can retry.
 */
export async function applyPlatformStatus(item: StatusItem): Promise<boolean> {
  if (item.status === 'played') return true; // voice-note plays are not a message status here
  const status: MessageStatus = item.status;
  const data = {
    status,
    [statusTimestampField[status]]: item.timestamp,
    ...(item.error
      ? { errorCode: 'upstream_failure', errorMessage: `(#${item.error.code}) ${item.error.message || item.error.title}` }
      : {}),
  };
  const byWamid = await db.message.updateMany({
    where: { wamid: item.wamid, direction: 'outgoing', status: { in: statusesBefore[status] } },
    data,
  });
  if (byWamid.count > 0) return true;
  const known = await db.message.count({ where: { wamid: item.wamid } });
  if (known > 0) return true; // a repeat or an out-of-order status: ignored
  // The status outran the send's answer: the platform echoes our message id, so adopt the wamid.
  if (item.bizOpaqueCallbackData) {
    const adopted = await db.message.updateMany({
      where: { id: item.bizOpaqueCallbackData, wamid: null, direction: 'outgoing', status: { in: statusesBefore[status] } },
      data: { ...data, wamid: item.wamid },
    });
    if (adopted.count > 0) return true;
  }
  return false;
}
