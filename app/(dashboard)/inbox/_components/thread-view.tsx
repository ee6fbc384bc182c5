'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useState, type RefObject } from 'react';
import { NotFoundState } from '@/app/_components/not-found-state';
import { isNotFound } from '@/app/_trpc/http-status';
import { useTRPC } from '@/app/_trpc/trpc';
import { Composer } from './composer';
import { HandoffPanel } from './handoff-panel';
import { ContactPanel } from './contact-panel';
import { ContactSheet } from './contact-sheet';
import { displayNameText, useInboxFormat } from './format';
import { useConversationName, WidgetThreadLine } from './conversation-channel';
import { MessageList } from './message-list';
import { StatusActions } from './status-actions';
import { useMediaQuery } from './use-media-query';
import { useNow } from './use-now';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { Alert } from '@/app/(dashboard)/_components/kit';

interface ThreadViewProps {
  contactId: string;
  userId: string;
  simulator: boolean;
  composerRef: RefObject<HTMLTextAreaElement | null>;
  onBack: () => void;
}

/** One conversation: header with the window's countdown, the messages, the composer and the contact panel. */
export function ThreadView({ contactId, userId, simulator, composerRef, onBack }: ThreadViewProps) {
  const errorText = useErrorText();
  const t = useTranslations('inbox.thread');
  const format = useInboxFormat();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const now = useNow();
  const displayName = useConversationName();
  const [detailsOpen, setDetailsOpen] = useState(false);
  // Tailwind's xl: from there the contact panel sits beside the thread, below it is a sheet.
  const wide = useMediaQuery('(min-width: 80rem)');
  const conversation = useQuery(trpc.inbox.conversation.queryOptions({ contactId }));
  const markRead = useMutation(
    trpc.inbox.markRead.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.inbox.conversations.pathKey() }),
    }),
  );
  const unread = conversation.data?.unread;
  const { mutate } = markRead;

  // Opening a thread, or a new message arriving in the open one, reads it for the whole team.
  useEffect(() => {
    if (unread) mutate({ contactId });
  }, [contactId, unread, mutate]);

  if (conversation.isPending) return <p className="m-auto p-6 text-sm text-slate-600">{t('loading')}</p>;
  if (conversation.isError) {
    return isNotFound(conversation.error) ? (
      <div className="m-auto">
        <NotFoundState title={t('notFoundTitle')} back={{ href: '/inbox', label: t('back') }}>
          {t('notFoundBody')}
        </NotFoundState>
      </div>
    ) : (
      <Alert className="m-auto p-6 text-sm">{errorText(conversation.error)}</Alert>
    );
  }
  const c = conversation.data;
  const open = !!c.windowOpenUntil && c.windowOpenUntil.getTime() > now;

  return (
    <div className="flex min-h-0 min-w-0 flex-1">
      <section aria-label={t('label', { name: displayNameText(c) })} className="flex min-w-0 flex-1 flex-col bg-slate-50">
        <header className="flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-2 sm:px-4">
          <button
            type="button"
            onClick={onBack}
            className="shrink-0 rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
            aria-label={t('back')}
          >
            <svg viewBox="0 0 24 24" className="size-5 rtl:rotate-180" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
              <path d="M15 6l-6 6 6 6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <div className="min-w-0 flex-1">
            <h2
              className="truncate text-sm font-semibold text-slate-900"
              data-testid="thread-title"
              dir={c.name ? 'auto' : 'ltr'}
              title={displayNameText(c)}
            >
              {displayName(c)}
            </h2>
            {/* Wraps rather than truncates: on a phone the window's countdown would be the part cut off. */}
            <p className="text-xs wrap-anywhere text-slate-600">
              {c.channel === 'widget' ? (
                <WidgetThreadLine email={c.email} />
              ) : (
                <>
                  <bdi dir="ltr">{c.phoneNumber}</bdi> · {c.account ? <bdi>{c.account}</bdi> : t('noNumber')} ·{' '}
                  <span data-testid="window-state" className={open ? 'text-emerald-700' : 'text-amber-700'}>
                    {open && c.windowOpenUntil ? t('windowClosesIn', { remaining: format.remaining(c.windowOpenUntil, now) }) : t('windowClosed')}
                  </span>
                </>
              )}
              {c.status === 'snoozed' && c.snoozedUntil && (
                <span data-testid="snoozed-until"> · {t('snoozedUntil', { time: format.weekdayTime(c.snoozedUntil) })}</span>
              )}
              {c.status === 'resolved' && <span> · {t('resolved')}</span>}
            </p>
          </div>
          <StatusActions conversation={c} userId={userId} />
          {!wide && (
            <button
              type="button"
              onClick={() => setDetailsOpen(true)}
              aria-haspopup="dialog"
              className="shrink-0 rounded-md px-3 py-1.5 text-xs font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              {t('details')}
            </button>
          )}
        </header>
        <HandoffPanel contactId={contactId} userId={userId} />
        <MessageList contactId={contactId} simulator={simulator} />
        <Composer
          ref={composerRef}
          contactId={contactId}
          customer={{ name: c.name, phoneNumber: c.phoneNumber ?? '' }}
          accountId={c.accountId}
          windowOpen={open || c.channel === 'widget'}
          textOnly={c.channel === 'widget'}
        />
      </section>
      {wide ? (
        <aside aria-label={t('contact')} className="w-72 shrink-0 overflow-y-auto border-s border-slate-200 bg-white">
          <ContactPanel conversation={c} userId={userId} simulator={simulator} />
        </aside>
      ) : (
        detailsOpen && (
          <ContactSheet onClose={() => setDetailsOpen(false)}>
            <ContactPanel conversation={c} userId={userId} simulator={simulator} />
          </ContactSheet>
        )
      )}
    </div>
  );
}
