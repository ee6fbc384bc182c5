/**
 * The emoji a person in the inbox can react with (docs/messaging-api.md §13), each with the
 * key of its name in `inbox.reactions.names`: the picker shows these, the service accepts these.
 */
export const INBOX_REACTIONS = [
  { emoji: '👍', name: 'like' },
  { emoji: '❤️', name: 'love' },
  { emoji: '😂', name: 'laugh' },
  { emoji: '😮', name: 'wow' },
  { emoji: '😢', name: 'sad' },
  { emoji: '🙏', name: 'thanks' },
] as const;

export const INBOX_REACTION_EMOJI = INBOX_REACTIONS.map((reaction) => reaction.emoji);
