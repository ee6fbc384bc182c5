import { db } from '@/server/db';
import type { PlatformWebhookItem } from '@/server/platform/webhook-payload';
import { advanceMessageStatuses, type StatusChange, type TrackedStatus } from './advance-message-statuses';

type StatusItem = Extract<PlatformWebhookItem, { kind: 'status' }>;

function changeOf(item: StatusItem & { status: TrackedStatus }): StatusChange {
  return {
    key: item.wamid,
    status: item.status,
    at: item.timestamp,
    ...(item.error ? { errorCode: 'upstream_failure', errorMessage: `(#${item.error.code}) ${item.error.message || item.error.title}` } : {}),
  };
}

/**
 * Applies the statuses of one platform webhook (the platform batches up to 1,000) to their
 * messages, never moving one backwards; repeats and out-of-order arrivals are ignored.
 * Several statuses of one message are applied in the order given, one round each. Returns
 * the wamids that match no message yet (the send's answer may not be recorded yet), so the
 * caller can retry.
 */
export async function applyPlatformStatuses(items: StatusItem[]): Promise<string[]> {
  // Voice-note plays are not a message status here.
  const rounds: Array<Array<StatusItem & { status: TrackedStatus }>> = [];
  const seen = new Map<string, number>();
  for (const item of items) {
    if (item.status === 'played') continue;
    const round = seen.get(item.wamid) ?? 0;
    seen.set(item.wamid, round + 1);
    (rounds[round] ??= []).push(item as StatusItem & { status: TrackedStatus });
  }
  const unmatched = new Set<string>();
  for (const round of rounds) {
    await db.$transaction(async (tx) => {
      // Which wamids are known is read before the update: read after, a send's answer that
      // committed in between would make a status that moved nothing look like a repeat.
      const known = await tx.$queryRaw<
        Array<{ wamid: string }>
      >`SELECT wamid FROM messages WHERE wamid = ANY(${round.map((item) => item.wamid)}::text[])`;
      const knownWamids = new Set(known.map((m) => m.wamid));
      const moved = await advanceMessageStatuses(tx, 'wamid', round.map(changeOf));
      // Known wamids that did not move were repeats or out of order: ignored. A status that
      // outran the send's answer: the platform echoes our message id, so adopt the wamid.
      const unknown = round.filter((item) => !moved.has(item.wamid) && !knownWamids.has(item.wamid));
      const adopted = await advanceMessageStatuses(
        tx,
        'id',
        unknown
          .filter((item) => item.bizOpaqueCallbackData !== undefined)
          .map((item) => ({ ...changeOf(item), key: item.bizOpaqueCallbackData as string, wamid: item.wamid })),
      );
      for (const item of unknown) if (!adopted.has(item.bizOpaqueCallbackData ?? '')) unmatched.add(item.wamid);
    });
  }
  return [...unmatched];
}
