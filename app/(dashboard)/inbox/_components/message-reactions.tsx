'use client';

import { useTranslations } from 'next-intl';
import type { InboxMessage } from '@/server/inbox/list-inbox-messages';

/** The reactions on a message, under its bubble: each side's emoji, said in words to screen readers. */
export function MessageReactions({ reactions }: { reactions: InboxMessage['reactions'] }) {
  const t = useTranslations('inbox.reactions');
  if (reactions.length === 0) return null;
  return (
    <ul className="-mt-2 flex gap-1 px-2" aria-label={t('label')}>
      {reactions.map((reaction) => {
        const label = t(reaction.by === 'customer' ? 'byCustomer' : 'byBusiness', { emoji: reaction.emoji });
        return (
          <li
            key={reaction.by}
            data-testid="reaction"
            data-by={reaction.by}
            title={label}
            className={`rounded-full px-1.5 text-sm shadow-xs ring-1 ${reaction.by === 'customer' ? 'bg-white ring-slate-200' : 'bg-brand-50 ring-brand-200'}`}
          >
            <span aria-hidden="true">{reaction.emoji}</span>
            <span className="sr-only">{label}</span>
          </li>
        );
      })}
    </ul>
  );
}
