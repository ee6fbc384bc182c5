import { db, type DbTx } from '@/server/db';
import { newId } from '@/server/db/ids';
import { logger } from '@/server/logger';
import type { PlatformWebhookItem } from '@/server/platform/webhook-payload';
import { publishEvent } from '@/server/webhook-events/publish-event';
import { messageApiInclude, presentMessage } from './present-message';

type ReactionItem = Extract<PlatformWebhookItem, { kind: 'reaction' }>;

/** `unmatched`: the reacted-to message is not known (yet); the webhook is retried for it. */
export type ReactionOutcome = 'applied' | 'unmatched' | 'ignored';

/**
 * A customer's reaction annotates the message it reacts to (docs/messaging-api.md,
 * "Reactions"): it replaces the customer's last reaction there, or removes it when `emoji` is
 * null. It is not a message: the conversation's unread mark, status, last message and the bot
 * are left alone. A platform retry (the same reaction wamid) and a late delivery of an older
 * reaction change nothing. `message.reaction` is written in the same transaction.
 */
export async function applyCustomerReaction(item: ReactionItem): Promise<ReactionOutcome> {
  const account = await db.account.findUnique({ where: { phoneId: item.phoneId }, select: { orgId: true } });
  if (!account) {
    logger.warn({ phoneId: item.phoneId }, 'reaction for an unknown phone number ignored');
    return 'ignored';
  }
  return db.$transaction(async (tx) => {
    const target = await tx.message.findFirst({
      where: { orgId: account.orgId, wamid: item.targetWamid },
      select: { id: true, contact: { select: { phoneNumber: true } } },
    });
    if (!target) return 'unmatched';
    // A customer reacts only within their own chat; anything else is not theirs to annotate.
    if (target.contact.phoneNumber !== item.from) {
      logger.warn({ wamid: item.wamid, target: target.id }, 'reaction from another number than the message was exchanged with ignored');
      return 'ignored';
    }
    const changed = await setReaction(tx, account.orgId, target.id, 'customer', {
      emoji: item.emoji,
      wamid: item.wamid,
      reactedAt: item.timestamp,
    });
    if (changed) await publishReaction(tx, account.orgId, target.id, 'customer', item.emoji, item.timestamp);
    return 'applied';
  });
}

/**
 * Records one side's reaction on a message, replacing its last one (a null emoji removes it).
 * Returns whether anything visible changed: not for a repeat of the same reaction (its
 * `wamid`), one older than what is recorded, or removing what was never there.
 */
export async function setReaction(
  tx: DbTx,
  orgId: string,
  messageId: string,
  side: 'customer' | 'business',
  reaction: { emoji: string | null; wamid: string | null; reactedAt: Date },
): Promise<boolean> {
  const existing = await tx.messageReaction.findUnique({ where: { messageId_side: { messageId, side } } });
  if (existing && reaction.wamid !== null && existing.wamid === reaction.wamid) return false;
  if (existing && existing.reactedAt > reaction.reactedAt) return false;
  const visibleChange = (existing?.emoji ?? null) !== reaction.emoji;
  // The business's row is its send job's version (react-to-message.ts): choosing the same
  // emoji again must not look like a change to send.
  if (side === 'business' && !visibleChange) return false;
  // A removal is kept as a row with no emoji, so a late retry of the removed reaction is known as older.
  await tx.messageReaction.upsert({
    where: { messageId_side: { messageId, side } },
    create: { id: newId('reaction'), orgId, messageId, side, ...reaction },
    update: reaction,
  });
  return visibleChange;
}

/** `message.reaction`: the reaction (emoji null on removal), who, the message as it is now and its contact. */
export async function publishReaction(
  tx: DbTx,
  orgId: string,
  messageId: string,
  by: 'customer' | 'business',
  emoji: string | null,
  at: Date,
): Promise<void> {
  const message = await tx.message.findUniqueOrThrow({
    where: { id: messageId },
    include: { ...messageApiInclude, contact: { select: { id: true, phoneNumber: true, name: true } } },
  });
  await publishEvent(tx, orgId, 'message.reaction', {
    reaction: { emoji, by, created_at: at.toISOString() },
    message: presentMessage(message, { detailed: true }),
    contact: { id: message.contact.id, phone_number: message.contact.phoneNumber, name: message.contact.name },
  });
}

type StatusItem = Extract<PlatformWebhookItem, { kind: 'status' }>;

/**
 * Statuses of the business's own reactions, which are not messages: of the `unmatched` wamids
 * (no message has them), those a business reaction was sent as are settled here, a failure
 * (131009: the target is too old or unknown) logged; the rest stay unmatched. A status that
 * overtook the send's wamid being recorded stays unmatched, so it is retried like any other.
 */
export async function settleReactionStatuses(statuses: StatusItem[], unmatched: string[]): Promise<string[]> {
  if (unmatched.length === 0) return unmatched;
  const ours = await db.messageReaction.findMany({ where: { side: 'business', wamid: { in: unmatched } }, select: { id: true, wamid: true } });
  const byWamid = new Map(ours.map((reaction) => [reaction.wamid, reaction.id]));
  for (const status of statuses) {
    const reactionId = byWamid.get(status.wamid);
    if (reactionId && status.status === 'failed') logger.warn({ reactionId, error: status.error }, 'the platform failed a reaction');
  }
  return unmatched.filter((wamid) => !byWamid.has(wamid));
}
