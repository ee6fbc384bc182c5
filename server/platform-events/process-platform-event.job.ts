import type { Job } from 'bullmq';
import { db } from '@/server/db';
import { logger } from '@/server/logger';
import { applyPlatformStatuses } from '@/server/messages/apply-platform-status';
import { arrivalOf } from '@/server/messages/arrival-time';
import { storeEchoMessage } from '@/server/messages/store-echo-message';
import { applyCustomerReaction, settleReactionStatuses } from '@/server/messages/apply-reaction';
import { storeInboundMessage } from '@/server/messages/store-inbound-message';
import { storeSystemMessage } from '@/server/messages/store-system-message';
import { toStorableText } from '@/server/db/storable-text';
import { parsePlatformWebhook, type ParseWebhookResult } from '@/server/platform/webhook-payload';
import type { JobData } from '@/server/queues';
import { applyAccountUpdate, applyPhoneQualityUpdate, applyTemplateStatusUpdate } from './apply-account-updates';

export class UnmatchedStatusError extends Error {}

/**
 * The stored body, decoded, with every NUL and lone surrogate a customer sent replaced by
 * U+FFFD: the database cannot store them, and a customer's message is never refused for
 * its content.
 */
function parseStoredPayload(payload: string): ParseWebhookResult {
  let decoded: unknown;
  try {
    decoded = JSON.parse(payload);
  } catch {
    return { success: false, error: 'not valid JSON' };
  }
  return parsePlatformWebhook(toStorableText(decoded));
}

/**
 * Processes one stored platform webhook. Every step is idempotent, so a retry of the whole
 * webhook is safe. Statuses and reactions whose message is not known yet make the job retry
 * later; on the last attempt they are recorded as the event's error and logged.
 */
export async function processPlatformEventJob(job: Job, data: JobData<'platform-events', 'platform-event.process'>) {
  const event = await db.platformEvent.findUnique({ where: { id: data.platformEventId } });
  if (!event || event.processedAt) return;
  const parsed = parseStoredPayload(event.payload);
  if (!parsed.success) {
    await db.platformEvent.update({ where: { id: event.id }, data: { processedAt: new Date(), error: parsed.error } });
    logger.warn({ platformEventId: event.id, error: parsed.error }, 'platform webhook not understood');
    return;
  }
  const statuses = parsed.items.filter((item) => item.kind === 'status');
  const unmatched = await settleReactionStatuses(statuses, await applyPlatformStatuses(statuses));
  for (const [index, item] of parsed.items.entries()) {
    const arrival = arrivalOf(event.receivedAt, index);
    if (item.kind === 'status')
      continue; // applied together above
    else if (item.kind === 'message') await storeInboundMessage(item, arrival);
    else if (item.kind === 'echo') await storeEchoMessage(item, arrival);
    else if (item.kind === 'system_message') await storeSystemMessage(item, arrival);
    else if (item.kind === 'reaction') {
      // A reaction can overtake the message it reacts to: it waits with unmatched statuses.
      if ((await applyCustomerReaction(item)) === 'unmatched') unmatched.push(`${item.targetWamid} (reaction ${item.wamid})`);
    } else if (item.kind === 'unreadable_message')
      logger.warn({ platformEventId: event.id, error: item.error }, 'platform message not understood');
    else if (item.kind === 'template_status') await applyTemplateStatusUpdate(item);
    else if (item.kind === 'phone_quality') await applyPhoneQualityUpdate(item);
    else if (item.kind === 'account_update') await applyAccountUpdate(item);
    else logger.info({ platformEventId: event.id, kind: item.kind }, 'platform webhook item not used');
  }
  const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  if (unmatched.length > 0 && !lastAttempt) {
    throw new UnmatchedStatusError(`statuses for unknown messages: ${unmatched.join(', ')}`);
  }
  if (unmatched.length > 0) logger.warn({ platformEventId: event.id, unmatched }, 'statuses or reactions for unknown messages dropped');
  await db.platformEvent.update({
    where: { id: event.id },
    data: { processedAt: new Date(), error: unmatched.length ? `statuses for unknown messages: ${unmatched.join(', ')}` : null },
  });
}
