import { useTranslations } from 'next-intl';
import type { InboxConversation } from '@/server/inbox/present-inbox-conversation';
import { displayNameText, useInboxFormat } from './format';
import { ChannelBadge, useConversationName } from './conversation-channel';
import { SearchMatch } from './search-match';

interface ConversationItemProps {
  conversation: InboxConversation;
  selected: boolean;
  now: number;
  onSelect: () => void;
}

export function ConversationItem({ conversation: c, selected, now, onSelect }: ConversationItemProps) {
  const open = c.windowOpenUntil && c.windowOpenUntil.getTime() > now;
  const name = useConversationName()(c);
  const t = useTranslations('inbox.list');
  const format = useInboxFormat();
  return (
    <li>
      {/* The list scrolls, which would clip an outline drawn outside the item: the ring is drawn inside. */}
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        data-testid="conversation"
        data-contact-id={c.contactId}
        data-unread={c.unread}
        className={`flex w-full gap-3 border-b border-slate-100 px-3 py-3 text-start transition-colors focus-visible:-outline-offset-2 ${
          selected ? 'bg-brand-50' : 'hover:bg-slate-50'
        }`}
      >
        <span
          aria-hidden="true"
          className="grid size-9 shrink-0 place-items-center rounded-full bg-slate-200 text-sm font-semibold text-slate-600"
        >
          {name.replace(/^\+/, '').slice(0, 1).toUpperCase()}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span
              title={displayNameText(c)}
              dir={c.name ? 'auto' : 'ltr'}
              className={`min-w-0 truncate text-sm ${c.unread ? 'font-semibold text-slate-900' : 'font-medium text-slate-800'}`}
            >
              {name}
            </span>
            <span className="shrink-0 text-[11px] text-slate-600">{format.listTime(c.lastMessageAt)}</span>
          </span>
          <span className="mt-0.5 flex items-center gap-2">
            {c.match ? (
              <SearchMatch snippet={c.match} unread={c.unread} />
            ) : (
              <span
                title={c.lastMessage ?? undefined}
                dir="auto"
                className={`min-w-0 truncate text-xs ${c.unread ? 'text-slate-800' : 'text-slate-600'}`}
              >
                {c.lastMessage ?? ''}
              </span>
            )}
            {c.unread && (
              <span
                data-testid="unread-badge"
                className="ms-auto shrink-0 rounded-full bg-brand-600 px-1.5 text-[10px] leading-4 font-semibold text-white"
              >
                {t.rich('unread', { sr: (words) => <span className="sr-only">{words}</span> })}
              </span>
            )}
          </span>
          <span className="mt-1 flex min-w-0 flex-wrap items-center gap-1 text-[11px]">
            <ChannelBadge channel={c.channel} />
            {c.channel === 'widget' ? null : open && c.windowOpenUntil ? (
              <span className="inline-flex items-center gap-0.5 rounded bg-emerald-50 px-1 text-emerald-800" title={t('windowOpenTitle')}>
                {/* A drawn clock: the emoji is a missing glyph where no emoji font is installed. */}
                <svg viewBox="0 0 16 16" className="size-3" fill="none" stroke="currentColor" strokeWidth={1.5} aria-hidden="true">
                  <circle cx="8" cy="8" r="6.25" />
                  <path d="M8 4.5V8l2.5 1.5" strokeLinecap="round" />
                </svg>
                {format.remaining(c.windowOpenUntil, now)}
              </span>
            ) : (
              <span className="rounded bg-slate-100 px-1 text-slate-600">{t('windowClosed')}</span>
            )}
            {c.account && (
              <span title={c.account} dir="auto" className="max-w-full truncate text-slate-600">
                {c.account}
              </span>
            )}
            {c.assignee && (
              <span title={c.assignee.name} className="max-w-full truncate text-slate-600">
                · <bdi>{c.assignee.name}</bdi>
              </span>
            )}
            {c.tags.slice(0, 3).map((tag) => (
              <span key={tag} title={tag} dir="auto" className="max-w-full truncate rounded-full bg-slate-100 px-1.5 text-slate-600">
                {tag}
              </span>
            ))}
          </span>
        </span>
      </button>
    </li>
  );
}
