import type { Message } from '@/server/db';
import type { MessageKindData } from '@/server/platform/inbound-kinds';

/** A reaction as a read of its message loads it (messageApiInclude): removed ones are left out. */
export interface LoadedReaction {
  emoji: string | null;
  side: 'customer' | 'business';
  reactedAt: Date;
}

/** Messages are WhatsApp's only: their contact has a number (a widget visitor's conversation is agent messages, docs/agent-api.md §2.6). */
export type MessageForApi = Message & { contact: { phoneNumber: string | null }; account: { name: string }; reactions?: LoadedReaction[] };

/** What `presentMessage` reads: a MessageForApi, or a message just stored without the ORM. */
export type PresentableMessage = Pick<
  MessageForApi,
  | 'authorType'
  | 'authorAgentId'
  | 'authorRunId'
  | 'authorUserId'
  | 'id'
  | 'contactId'
  | 'contact'
  | 'account'
  | 'type'
  | 'direction'
  | 'status'
  | 'content'
  | 'hasMedia'
  | 'templateName'
  | 'reference'
  | 'wamid'
  | 'errorMessage'
  | 'errorCode'
  | 'createdAt'
  | 'updatedAt'
  | 'kindData'
> &
  Partial<Pick<MessageForApi, 'reactions'>>;

/** Relations a query needs for `presentMessage`. */
export const messageApiInclude = {
  contact: { select: { phoneNumber: true } },
  account: { select: { name: true } },
  reactions: {
    where: { emoji: { not: null } },
    select: { emoji: true, side: true, reactedAt: true },
    orderBy: { reactedAt: 'asc' },
  },
} as const;

/**
 * The Message resource. `to` is always the contact's number and `from` the account's name,
 * whichever way the message went; `direction` tells which. Fields that do not apply are null,
 * never left out (the OpenAPI document marks them required); `wamid` is on detailed reads only.
 */
export function presentMessage(message: PresentableMessage, options: { detailed?: boolean } = {}) {
  return {
    id: message.id,
    contact_id: message.contactId,
    to: message.contact.phoneNumber ?? '',
    from: message.account.name,
    type: message.type,
    direction: message.direction,
    status: message.status,
    content: message.content,
    has_media: message.hasMedia,
    template_name: message.templateName,
    reference: message.reference,
    ...(options.detailed ? { wamid: message.wamid } : {}),
    error_code: message.errorCode,
    error_message: message.errorMessage,
    author_type: message.authorType,
    author: presentAuthor(message),
    ...presentKind(message.kindData as MessageKindData | null),
    // Only where the read loaded them (messageApiInclude): a status event's message does not.
    ...(message.reactions ? { reactions: message.reactions.flatMap(presentReaction) } : {}),
    created_at: message.createdAt.toISOString(),
    updated_at: message.updatedAt.toISOString(),
  };
}

/**
 * What an inbound kind beyond text and media carries (docs/messaging-api.md §12): one field per
 * kind, the message's own set and the others null.
 */
export function presentKind(data: MessageKindData | null) {
  return {
    location: data?.location ?? null,
    contacts: data?.contacts ?? null,
    sticker: data?.sticker ?? null,
    reply: data?.reply ?? null,
    order: data?.order ?? null,
    unsupported: data?.unsupported ?? null,
    system: data?.system ?? null,
  };
}

/** Who wrote an outgoing message: the bot (its agent and run), a member, an API caller; null for inbound messages and campaign sends. */
export function presentAuthor(message: PresentableMessage) {
  if (message.authorType === 'bot') return { type: 'bot' as const, agent_id: message.authorAgentId, run_id: message.authorRunId };
  if (message.authorType === 'member') return { type: 'member' as const, member_id: message.authorUserId };
  if (message.authorType === 'api') return { type: 'api' as const };
  if (message.authorType === 'phone_app') return { type: 'phone_app' as const };
  return null;
}

/** One side's reaction on a message (docs/messaging-api.md, "Reactions"). */
export function presentReaction(reaction: LoadedReaction) {
  if (reaction.emoji === null) return [];
  return [{ emoji: reaction.emoji, by: reaction.side, created_at: reaction.reactedAt.toISOString() }];
}
